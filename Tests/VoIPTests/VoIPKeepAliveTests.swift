import BackgroundRuntime
import Testing
import VoIP

@Suite("VoIP keep-alive: a ping every 600 s in the background, and no other wake-up", .serialized)
struct VoIPKeepAliveTests {
    @Test func theKeepAliveHandlerPingsEvery600SecondsWhileSuspendedAndNothingElseWakesTheApp() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer()
        #expect(harness.device.keepAliveTimeout == .seconds(600))
        harness.device.pressHome()
        #expect(harness.device.appState == .suspended)
        // Only the keep-alive timer is pending: no other wake-up is scheduled.
        #expect(harness.device.loop.pendingTimers == 1)

        harness.device.advance(by: .seconds(599))
        #expect(!harness.console.contains { $0.hasPrefix("Woken in the background") })
        harness.device.advance(by: .seconds(1))
        #expect(await harness.waitUntil { peer.log.lines == ["ping", "ping"] })
        #expect(harness.console.containsInOrder([
            "Woken in the background: keep-alive handler",
            "State: suspended → background",
            "App is backgrounded. New event: Ping sent",
            "State: background → suspended",
        ]))
        #expect(harness.device.loop.pendingTimers == 1)

        harness.device.advance(by: .seconds(1_200))
        #expect(await harness.waitUntil { peer.log.lines.count == 4 })
        #expect(harness.console.filter { $0.hasPrefix("Woken in the background") }.count == 3)
        #expect(harness.device.appState == .suspended)
    }

    @Test func theKeepAliveHandlerDoesNotRunInTheForeground() async throws {
        let (harness, _) = try await VoIPHarness.connectedToPeer()
        harness.device.advance(by: .seconds(1_800))
        #expect(harness.service.status.linesSent == 1)
        #expect(harness.log == ["Connection Opened", "Ping sent"])
        #expect(!harness.console.contains { $0.hasPrefix("Woken in the background") })
    }
}
