import BackgroundRuntime
import BackgroundRuntimeTesting
import Dispatch
import Synchronization
import TestSupport
import Testing
import VoIP
import VoIPSystem

@Suite("A peer that floods the VoIP socket")
struct VoIPFloodTests {
    /// Found by the fault matrix: a peer that sends faster than the app handles its lines used
    /// to queue every line for the app, without bound (170 MB in two seconds). Reading now
    /// pauses once the app is `heldEventLimit` events behind, and goes on when it catches up.
    @Test func aBusyAppPausesReadingInsteadOfQueueingWithoutBound() async throws {
        let peer = try await TestPeer.start()
        let limit = 16
        let service = Mutex<VoIPService?>(nil)
        let device = Device(profile: PolicyProfile(iOS: 9)!, infoPlist: InfoPlist(backgroundModes: [.voip])) { application in
            VoIPTestApp(application: application, service: service.withLock { $0! })
        }
        defer { device.shutdown() }
        let voip = VoIPService(device: device, configuration: VoIPConfiguration(randomSeed: 7, heldEventLimit: limit))
        service.withLock { $0 = voip }
        device.launch()
        _ = device.wakeApp(for: "the test") { application in
            (application.delegate as! VoIPTestApp).screen.connect(to: peer.endpoint)
        }
        #expect(await waitUntil { peer.log.lines == ["ping"] })

        // The app is busy: its thread waits at a gate while the peer sends 2,000 lines of 1 kB.
        let gate = DispatchSemaphore(value: 0)
        _ = device.wakeApp(for: "a busy app") { _ in gate.wait() }
        let lines = 2_000
        for index in 0..<lines { peer.peer.send(String(repeating: "x", count: 1_000) + "\(index)") }
        #expect(await waitUntil { voip.status.readingPaused })
        let behind = voip.status
        #expect(behind.linesReceived < lines)
        #expect(behind.eventsInFlight > limit)

        gate.signal()
        #expect(await waitUntil { voip.status.linesReceived == lines })
        #expect(await waitUntil { voip.status.eventsInFlight == 0 && !voip.status.readingPaused })
        await peer.peer.stop()
    }
}
