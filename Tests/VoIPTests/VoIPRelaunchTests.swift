import BackgroundRuntime
import Testing
import VoIP

@Suite("VoIP relaunch: a VoIP app that crashed or was terminated comes back in the background", .serialized)
struct VoIPRelaunchTests {
    @Test func aCrashedVoIPAppIsRelaunchedInTheBackgroundAndReconnects() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer()
        harness.device.pressHome()
        harness.device.crash("EXC_BAD_ACCESS (SIGSEGV)")
        #expect(harness.console.contains("Crashed: EXC_BAD_ACCESS (SIGSEGV)"))
        #expect(harness.console.contains("Relaunching TheBackgrounder in the background: it is a VoIP app and it crashed"))
        #expect(harness.device.launchCount == 2)
        #expect(harness.device.launchReason == .voip)
        #expect(harness.device.appState == .suspended)
        #expect(await harness.waitUntil { peer.log.connections == 2 && peer.log.lines == ["ping", "ping"] })
        #expect(await harness.waitUntil { peer.log.disconnections == 1 })
        #expect(harness.service.status.relaunches == 1)
        #expect(harness.device.keepAliveTimeout == .seconds(600))
        peer.peer.send("ping")
        #expect(await harness.waitUntil { peer.log.lines == ["ping", "ping", "pong"] })
        #expect(harness.device.appState == .suspended)
    }

    @Test func anAppTheSystemTerminatedIsRelaunchedTooButNotOneTheUserSwipedAway() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer()
        harness.device.pressHome()
        harness.device.terminate(.system(reason: "memory pressure"))
        #expect(harness.device.launchReason == .voip)
        #expect(harness.console.contains("Relaunching TheBackgrounder in the background: it is a VoIP app and it was terminated by the system"))
        #expect(await harness.waitUntil { peer.log.connections == 2 })

        harness.device.terminate(.user)
        #expect(harness.device.appState == .notRunning)
        #expect(await harness.waitUntil { peer.log.disconnections == 2 })
        harness.device.advance(by: .seconds(3_600))
        #expect(harness.device.appState == .notRunning)
        #expect(peer.log.connections == 2)
    }

    @Test func anAppWithoutTheVoIPModeIsNotRelaunched() async throws {
        let (harness, peer) = try await VoIPHarness.connectedToPeer(modes: [])
        harness.device.crash("EXC_BAD_ACCESS (SIGSEGV)")
        #expect(harness.device.appState == .notRunning)
        #expect(await harness.waitUntil { peer.log.disconnections == 1 })
    }
}
