import BackgroundRuntime
import Foundation
import Testing
import TestSupport
import VoIP

@Suite("VoIP socket against Debian's nc and socat", .serialized)
struct RealPeerTests {
    /// Starts the server `command` makes for a free port, and a harness whose screen connected
    /// to it; the server got the app's first ping.
    private func connected(to command: (Int) -> (String, [String])) async throws -> (InteractiveProcess, VoIPHarness) {
        let port = freePort()
        let endpoint = try VoIPEndpoint(host: "127.0.0.1", port: port)
        let (executable, arguments) = command(port)
        let server = try InteractiveProcess(executable, arguments)
        let harness = VoIPHarness()
        guard await harness.waitUntil({ isListening(port: port) }) else {
            throw VoIPError.connectFailed(endpoint, reason: "\(executable) is not listening")
        }
        harness.connect(to: endpoint)
        guard await harness.waitUntil({ server.stdoutLines == ["ping"] }) else {
            throw VoIPError.connectFailed(endpoint, reason: "\(executable) got no ping")
        }
        return (server, harness)
    }

    private func netcat(_ port: Int) -> (String, [String]) { ("nc", ["-l", "127.0.0.1", String(port)]) }

    @Test func theTutorialsNetcatServerGetsPongWhileTheAppIsSuspended() async throws {
        let (nc, harness) = try await connected(to: netcat)
        defer { nc.stop() }
        harness.device.pressHome()
        nc.type("ping")
        #expect(await harness.waitUntil { nc.stdoutLines == ["ping", "pong"] })
        #expect(harness.console.contains("App is backgrounded. New event: Received: ping"))
        nc.type("notify")
        #expect(await harness.waitUntil { harness.console.contains("Notification: New VOIP call [Answer]") })
        #expect(harness.device.appState == .suspended)
    }

    @Test func socatSendingCRLFCommandsSplitAcrossWritesIsFramedLineByLine() async throws {
        let (socat, harness) = try await connected(to: { ("socat", ["-", "TCP-LISTEN:\($0),bind=127.0.0.1,reuseaddr"]) })
        defer { socat.stop() }
        harness.device.pressHome()
        socat.write("pi")
        #expect(await harness.waitUntil { harness.service.status.bytesReceived == 2 })
        socat.write("ng\r\nnot")
        #expect(await harness.waitUntil { socat.stdoutLines == ["ping", "pong"] })
        socat.write("ify\r\nping\r\n")
        #expect(await harness.waitUntil { socat.stdoutLines == ["ping", "pong", "pong"] })
        #expect(harness.log.suffix(3) == ["Received: ping", "Received: notify", "Received: ping"])
    }

    @Test func whenNetcatQuitsTheAppSeesConnectionClosed() async throws {
        let (nc, harness) = try await connected(to: netcat)
        nc.stop()
        #expect(await harness.waitUntil { harness.log.last == "Connection Closed" })
        #expect(harness.service.status.state == .waitingToReconnect)
    }
}
