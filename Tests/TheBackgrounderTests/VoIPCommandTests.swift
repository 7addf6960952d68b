import BackgroundRuntime
import DemoPeers
import Foundation
import Synchronization
import TestSupport
import Testing
import TheBackgrounder
import VoIP

/// The lines the built-in peer received.
private final class ReceivedLines: Sendable {
    private let lines = Mutex<[String]>([])

    func record(_ event: VoIPPeerEvent) {
        if case .received(let line) = event { lines.withLock { $0.append(line) } }
    }

    var all: [String] { lines.withLock { $0 } }
}

@Suite("The VoIP tab's headless commands", .serialized, .temporaryDirectory)
struct VoIPCommandTests {
    @Test func connectThenHomeThenPingFromThePeerGetsPongAndTheBackgroundedLine() async throws {
        let received = ReceivedLines()
        let peer = VoIPPeer { received.record($0) }
        let port = try await peer.start(port: 0)
        defer { Task { await peer.stop() } }
        let backgrounder = try makeBackgrounder(iOS: 9)
        #expect(await backgrounder.execute("voip connect 127.0.0.1 \(port)") == .done)
        #expect(await backgrounder.testDevice.runUntil { received.all == ["ping"] })
        #expect(await backgrounder.execute("home") == .done)
        peer.send("ping")
        #expect(await backgrounder.testDevice.runUntil { received.all == ["ping", "pong"] })
        #expect(backgrounder.device.console.recentMessages.contains("App is backgrounded. New event: Received: ping"))
        peer.send("notify")
        #expect(await backgrounder.testDevice.runUntil { backgrounder.device.console.recentMessages.contains("Notification: New VOIP call [Answer]") })

        guard case .output(let json) = await backgrounder.execute("status") else {
            Issue.record("status printed nothing")
            return
        }
        let status = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let screens = try #require(status["screens"] as? [String: Any])
        let voip = try #require(screens["voip"] as? [String: Any])
        let connection = try #require(voip["connection"] as? [String: Any])
        #expect(connection["state"] as? String == "connected")
        #expect(connection["endpoint"] as? String == "127.0.0.1:\(port)")
        #expect(connection["linesReceived"] as? Int == 2)
        #expect(connection["linesSent"] as? Int == 2)
        #expect((voip["log"] as? [String])?.suffix(2) == ["Received: ping", "Received: notify"])
        let banner = (screens["notifications"] as? [String: Any])?["banner"] as? [String: Any]
        #expect(banner?["alertBody"] as? String == "New VOIP call")

        let id = try #require(banner?["id"] as? Int)
        #expect(await backgrounder.execute("notification answer \(id + 1)")
            == .failed(.invalidArgument("notification answer: notification \(id + 1) is not waiting for an answer")))
        #expect(await backgrounder.execute("notification answer \(id)") == .done)
        #expect(backgrounder.device.appState == .active)
        #expect(await backgrounder.execute("voip disconnect") == .done)
        #expect(backgrounder.voip.status.state == .disconnected)
        #expect(try voipLog(of: backgrounder).last == "Connection Closed")
        // Nothing is open any more: a second tap has nothing to close.
        #expect(await backgrounder.execute("voip disconnect") == .done)
        #expect(try voipLog(of: backgrounder).filter { $0 == "Connection Closed" }.count == 1)
    }

    private func voipLog(of backgrounder: Backgrounder) throws -> [String] {
        try #require(backgrounder.device.snapshot(for: .voip)).log
    }

    @Test func badEndpointsAreClearErrors() async throws {
        let backgrounder = try makeBackgrounder(iOS: 9)
        #expect(await backgrounder.execute("voip connect 127.0.0.1 abc")
            == .failed(.invalidArgument("voip connect: \"abc\" is not a TCP port (1 to 65535)")))
        #expect(await backgrounder.execute("voip connect 127.0.0.1 70000")
            == .failed(.invalidArgument("voip connect: \"70000\" is not a TCP port (1 to 65535)")))
        #expect(await backgrounder.execute("voip connect 127.0.0.1") == .failed(.usage("voip connect HOST PORT")))
        #expect(backgrounder.voip.status.state == .disconnected)
    }

    @Test func theTabsCommandsAreTapsAndNeedTheAppOnScreen() async throws {
        let backgrounder = try makeBackgrounder(iOS: 9)
        _ = await backgrounder.execute("home")
        #expect(await backgrounder.execute("voip connect 127.0.0.1 10000") == .failed(.notOnScreen(.suspended)))
        #expect(await backgrounder.execute("voip disconnect") == .failed(.notOnScreen(.suspended)))
    }

    @Test func answeringWithoutANotificationIsAClearError() async throws {
        let backgrounder = try makeBackgrounder(iOS: 9)
        #expect(await backgrounder.execute("notification answer")
            == .failed(.invalidArgument("notification answer: no notification is waiting for an answer")))
        #expect(await backgrounder.execute("notification answer 0")
            == .failed(.invalidArgument("notification answer: \"0\" is not a notification number")))
        #expect(await backgrounder.execute("notification answer one decline")
            == .failed(.invalidArgument("notification answer: \"one\" is not a notification number")))
        #expect(await backgrounder.execute("notification answer decline")
            == .failed(.invalidArgument("notification answer: no notification is waiting for an answer")))
    }

    @Test func theScreenIsInStatusFromLaunch() throws {
        let backgrounder = try makeBackgrounder(iOS: 9)
        let json = backgrounder.device.statusJSON()
        #expect(json.contains(#""voip":{"address":"127.0.0.1","connection":{"attempts":0"#))
        #expect(json.contains(#""port":"10000""#))
    }
}
