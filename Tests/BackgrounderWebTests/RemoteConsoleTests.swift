import BackgroundRuntime
@testable import BackgrounderWeb
import Foundation
import Synchronization
import TestSupport
import Testing
import TheBackgrounder

@Suite("The remote console", .serialized, .temporaryDirectory)
struct RemoteConsoleTests {
    @Test func theRightTokenStreamsRecentAndLiveLinesAsPrinted() async throws {
        try await withRemoteConsole { backgrounder, server, token in
            let device = backgrounder.testDevice
            let received = ReceivedLines()
            let client = RemoteConsoleClient(address: server.address, token: token, recent: 2)
            let following = Task { try await client.follow { received.append($0) } }
            try await received.waitFor("State: inactive → active")
            device.console.log("Hello from the test")
            try await received.waitFor("Hello from the test")
            let pattern = #/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} TheBackgrounder\[\d+\] (.*)$/#
            let messages = received.all.compactMap { try? pattern.wholeMatch(in: $0)?.output.1 }.map(String.init)
            #expect(messages.count == received.all.count)
            // RECENT 2: the two lines kept before pairing come first, in order, then live ones.
            let kept = device.console.recentMessages
            let first = try #require(kept.firstIndex(of: messages[0]))
            #expect(Array(kept[first...].prefix(2)) == Array(messages.prefix(2)))
            #expect(messages.contains("State: inactive → active"))
            #expect(device.console.recentMessages.contains { $0.hasPrefix("Remote console: 127.0.0.1:") && $0.hasSuffix(" paired") })
            #expect(server.connectedClients == 1)
            await server.stop()
            try await within("the client to end") { try await following.value }
        }
    }

    @Test func aWrongTokenIsRefusedAndSaidSoInTheConsole() async throws {
        try await withRemoteConsole { backgrounder, server, _ in
            let client = RemoteConsoleClient(address: server.address, token: PairingToken.random())
            await #expect(throws: RemoteConsoleError.refused("wrong pairing token")) {
                try await within("the refusal") { try await client.follow { _ in Issue.record("a refused client got a line") } }
            }
            #expect(backgrounder.device.console.recentMessages.contains {
                $0.hasPrefix("Remote console: refused 127.0.0.1:") && $0.hasSuffix(": wrong pairing token")
            })
        }
    }

    @Test func failedAttemptsAreLimitedPerAddressOnTheDevicesClock() async throws {
        var settings = RemoteConsoleSettings()
        settings.maxFailures = 3
        settings.failureWindow = .seconds(60)
        try await withRemoteConsole(settings: settings) { backgrounder, server, token in
            let wrong = RemoteConsoleClient(address: server.address, token: PairingToken.random())
            for _ in 0..<3 {
                await #expect(throws: RemoteConsoleError.refused("wrong pairing token")) {
                    try await within("a refusal") { try await wrong.follow { _ in } }
                }
                backgrounder.testDevice.advance(by: .seconds(1))
            }
            let right = RemoteConsoleClient(address: server.address, token: token)
            await #expect(throws: RemoteConsoleError.refused("too many failed pairing attempts from 127.0.0.1; try again in 57 s")) {
                try await within("a refusal") { try await right.follow { _ in } }
            }
            backgrounder.testDevice.advance(by: .seconds(57))
            backgrounder.device.console.log("Paired after the window")
            let received = ReceivedLines()
            let recent = RemoteConsoleClient(address: server.address, token: token, recent: 1)
            let following = Task { try await recent.follow { received.append($0) } }
            try await received.waitFor("Paired after the window")
            following.cancel()
        }
    }

    @Test func aClientThatSaysNothingIsClosedWhenTheHandshakeTimesOut() async throws {
        try await withRemoteConsole { backgrounder, server, token in
            let device = backgrounder.testDevice
            let port = server.address.port
            let answer = try await within("a late but timely handshake") {
                try await LineConnection.with(port: port) { connection in
                    try await server.waitForClients(1)
                    device.advance(by: .milliseconds(9_900))
                    try await connection.send("PAIR \(token.hex)\n")
                    return try await connection.nextLine()
                }
            }
            #expect(answer?.hasPrefix("OK TheBackgrounder[") == true)
            try await server.waitForClients(0)
            let closed = try await within("the server to close a silent client") {
                try await LineConnection.with(port: port) { connection in
                    try await server.waitForClients(1)
                    device.advance(by: .seconds(10))
                    return try await connection.nextLine()
                }
            }
            #expect(closed == nil)
        }
    }

    @Test(arguments: [
        ("HELLO\n", "ERROR expected \"PAIR <token>\" or \"PAIR <token> RECENT <n>\""),
        (String(repeating: "A", count: 600), "ERROR the first line is longer than 512 bytes"),
        ("PAIR x RECENT lots\n", "ERROR RECENT takes a number of lines from 0 to 10000"),
    ])
    func garbageIsRefusedAndCountsAsAFailedAttempt(input: String, expected: String) async throws {
        var settings = RemoteConsoleSettings()
        settings.maxFailures = 1
        try await withRemoteConsole(settings: settings) { _, server, token in
            let port = server.address.port
            let answer = try await within("the refusal") {
                try await LineConnection.with(port: port) { connection in
                    try await connection.send(input)
                    return try await connection.nextLine()
                }
            }
            #expect(answer == expected)
            let right = RemoteConsoleClient(address: server.address, token: token)
            await #expect(throws: RemoteConsoleError.self) {
                try await within("a refusal") { try await right.follow { _ in } }
            }
        }
    }

    @Test func connectionsBeyondTheLimitAreRefused() async throws {
        var settings = RemoteConsoleSettings()
        settings.maxConnections = 1
        try await withRemoteConsole(settings: settings) { backgrounder, server, token in
            backgrounder.device.console.log("first client is in")
            let received = ReceivedLines()
            let client = RemoteConsoleClient(address: server.address, token: token, recent: 1)
            let following = Task { try await client.follow { received.append($0) } }
            try await received.waitFor("first client is in")
            await #expect(throws: RemoteConsoleError.refused("too many console clients (1); try again later")) {
                try await within("a refusal") { try await client.follow { _ in } }
            }
            following.cancel()
        }
    }

    @Test func stoppingEndsASilentClientToo() async throws {
        let backgrounder = try makeBackgrounder()
        let server = try await RemoteConsoleServer.start(
            device: backgrounder.device, token: .random(), address: ListenAddress(host: "127.0.0.1", port: 0))
        let port = server.address.port
        let line = try await within("the server to stop and close the client") {
            try await LineConnection.with(port: port) { connection in
                try await server.waitForClients(1)
                await server.stop()
                return try await connection.nextLine()
            }
        }
        #expect(line == nil)
    }

    @Test func aSecondListenerOnTheSamePortFailsClearly() async throws {
        try await withRemoteConsole { backgrounder, server, token in
            await #expect {
                _ = try await RemoteConsoleServer.start(device: backgrounder.device, token: token, address: server.address)
            } throws: { error in
                guard case .cannotListen(let address, _) = error as? RemoteConsoleError else { return false }
                return address == server.address && "\(error)".contains("--console-listen")
            }
        }
    }

    @Test func aClientWithNoAppToReachSaysSo() async throws {
        let client = RemoteConsoleClient(address: ListenAddress(host: "127.0.0.1", port: 1), token: PairingToken.random())
        await #expect {
            try await client.follow { _ in }
        } throws: { error in
            guard case .cannotConnect(let address, _) = error as? RemoteConsoleError else { return false }
            return address.port == 1
        }
    }
}
