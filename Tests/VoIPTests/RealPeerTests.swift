import BackgroundRuntime
import Foundation
import Testing
import VoIP

@Suite("VoIP socket against Debian's nc and socat", .serialized)
struct RealPeerTests {
    @Test func theTutorialsNetcatServerGetsPongWhileTheAppIsSuspended() throws {
        let port = freePort()
        let nc = try ExternalPeer(["nc", "-l", "127.0.0.1", String(port)])
        defer { nc.stop() }
        let harness = VoIPHarness()
        #expect(harness.waitUntil { isListening(port: port) })
        harness.connect(to: try VoIPEndpoint(host: "127.0.0.1", port: port))
        #expect(harness.waitUntil { nc.lines == ["ping"] })
        harness.device.pressHome()
        nc.send("ping\n")
        #expect(harness.waitUntil { nc.lines == ["ping", "pong"] })
        #expect(harness.console.contains("App is backgrounded. New event: Received: ping"))
        nc.send("notify\n")
        #expect(harness.waitUntil { harness.console.contains("Notification: New VOIP call [Answer]") })
        #expect(harness.device.appState == .suspended)
    }

    @Test func socatSendingCRLFCommandsSplitAcrossWritesIsFramedLineByLine() throws {
        let port = freePort()
        let socat = try ExternalPeer(["socat", "-", "TCP-LISTEN:\(port),bind=127.0.0.1,reuseaddr"])
        defer { socat.stop() }
        let harness = VoIPHarness()
        #expect(harness.waitUntil { isListening(port: port) })
        harness.connect(to: try VoIPEndpoint(host: "127.0.0.1", port: port))
        #expect(harness.waitUntil { socat.lines == ["ping"] })
        harness.device.pressHome()
        socat.send("pi")
        #expect(harness.waitUntil { harness.service.status.bytesReceived == 2 })
        socat.send("ng\r\nnot")
        #expect(harness.waitUntil { socat.lines == ["ping", "pong"] })
        socat.send("ify\r\nping\r\n")
        #expect(harness.waitUntil { socat.lines == ["ping", "pong", "pong"] })
        #expect(harness.log.suffix(3) == ["Received: ping", "Received: notify", "Received: ping"])
    }

    @Test func whenNetcatQuitsTheAppSeesConnectionClosed() throws {
        let port = freePort()
        let nc = try ExternalPeer(["nc", "-l", "127.0.0.1", String(port)])
        let harness = VoIPHarness()
        #expect(harness.waitUntil { isListening(port: port) })
        harness.connect(to: try VoIPEndpoint(host: "127.0.0.1", port: port))
        #expect(harness.waitUntil { nc.lines == ["ping"] })
        nc.stop()
        #expect(harness.waitUntil { harness.log.last == "Connection Closed" })
        #expect(harness.service.status.state == .waitingToReconnect)
    }
}
