import BackgroundRuntime
import Foundation
import Testing
import TestSupport
import VoIP

@Suite("VoIP socket against Debian's nc and socat", .serialized)
struct RealPeerTests {
    @Test func theTutorialsNetcatServerGetsPongWhileTheAppIsSuspended() throws {
        let port = freePort()
        let nc = try InteractiveProcess("nc", ["-l", "127.0.0.1", String(port)])
        defer { nc.stop() }
        let harness = VoIPHarness()
        #expect(harness.waitUntil { isListening(port: port) })
        harness.connect(to: try VoIPEndpoint(host: "127.0.0.1", port: port))
        #expect(harness.waitUntil { nc.stdoutLines == ["ping"] })
        harness.device.pressHome()
        nc.type("ping")
        #expect(harness.waitUntil { nc.stdoutLines == ["ping", "pong"] })
        #expect(harness.console.contains("App is backgrounded. New event: Received: ping"))
        nc.type("notify")
        #expect(harness.waitUntil { harness.console.contains("Notification: New VOIP call [Answer]") })
        #expect(harness.device.appState == .suspended)
    }

    @Test func socatSendingCRLFCommandsSplitAcrossWritesIsFramedLineByLine() throws {
        let port = freePort()
        let socat = try InteractiveProcess("socat", ["-", "TCP-LISTEN:\(port),bind=127.0.0.1,reuseaddr"])
        defer { socat.stop() }
        let harness = VoIPHarness()
        #expect(harness.waitUntil { isListening(port: port) })
        harness.connect(to: try VoIPEndpoint(host: "127.0.0.1", port: port))
        #expect(harness.waitUntil { socat.stdoutLines == ["ping"] })
        harness.device.pressHome()
        socat.write("pi")
        #expect(harness.waitUntil { harness.service.status.bytesReceived == 2 })
        socat.write("ng\r\nnot")
        #expect(harness.waitUntil { socat.stdoutLines == ["ping", "pong"] })
        socat.write("ify\r\nping\r\n")
        #expect(harness.waitUntil { socat.stdoutLines == ["ping", "pong", "pong"] })
        #expect(harness.log.suffix(3) == ["Received: ping", "Received: notify", "Received: ping"])
    }

    @Test func whenNetcatQuitsTheAppSeesConnectionClosed() throws {
        let port = freePort()
        let nc = try InteractiveProcess("nc", ["-l", "127.0.0.1", String(port)])
        let harness = VoIPHarness()
        #expect(harness.waitUntil { isListening(port: port) })
        harness.connect(to: try VoIPEndpoint(host: "127.0.0.1", port: port))
        #expect(harness.waitUntil { nc.stdoutLines == ["ping"] })
        nc.stop()
        #expect(harness.waitUntil { harness.log.last == "Connection Closed" })
        #expect(harness.service.status.state == .waitingToReconnect)
    }
}
