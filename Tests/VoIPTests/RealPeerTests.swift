import BackgroundRuntime
import Foundation
import TestSupport
import Testing
import VoIP
import VoIPWire

@Suite("VoIP socket against Debian's nc and socat", .serialized)
struct RealPeerTests {
    /// Starts the server `command` makes for a free port, and a harness whose screen connected
    /// to it; the server got the app's first ping. A port found free can be taken before the
    /// server binds it (by a parallel test's listener, or as a connection's local port); the
    /// server then exits, and another port is tried.
    private func connected(to command: (Int) -> (String, [String])) async throws -> (InteractiveProcess, VoIPHarness) {
        let harness = VoIPHarness()
        var attempts: [String] = []
        for _ in 0..<3 {
            let port = freePort()
            let (executable, arguments) = command(port)
            let server = try InteractiveProcess(executable, arguments)
            guard await harness.waitUntil({ isListening(port: port) || server.termination != nil }), server.termination == nil else {
                server.stop()
                attempts.append("\(executable) on port \(port) did not listen: \(server.stderr)")
                continue
            }
            return (server, try await ping(server, at: port, from: harness))
        }
        throw VoIPError.connectFailed(try VoIPEndpoint(host: "127.0.0.1", port: 1), reason: attempts.joined(separator: "; "))
    }

    /// Connects `harness`'s screen to `server` and waits for the screen's first ping there.
    private func ping(_ server: InteractiveProcess, at port: Int, from harness: VoIPHarness) async throws -> VoIPHarness {
        let endpoint = try VoIPEndpoint(host: "127.0.0.1", port: port)
        harness.connect(to: endpoint)
        guard await harness.waitUntil({ server.stdoutLines == ["ping"] }) else {
            throw VoIPError.connectFailed(endpoint, reason: "the server got no ping")
        }
        return harness
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
