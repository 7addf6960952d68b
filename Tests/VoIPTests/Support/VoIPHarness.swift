import BackgroundRuntime
import Foundation
import Synchronization
import TestSupport
import VoIP
import VoIPSystem
import VoIPWire

/// The VoIP screen's app on a test device, with the system's VoIP service; iOS 9 by default,
/// the last era of the legacy VoIP socket (Technical Q&A QA1938).
@AppMain
final class VoIPTestApp: ApplicationDelegate {
    let screen: VoIPScreen

    init(application: Application, service: VoIPService) {
        screen = VoIPScreen(application: application)
    }
}

/// A manual device whose app is a ``VoIPTestApp``, and its VoIP service.
struct VoIPHarness {
    let device: TestDevice
    let service: VoIPService
    /// The built-in peer it talks to, kept as long as the harness is used.
    private(set) var peer: TestPeer?

    init(
        iOS version: Int = 9,
        modes: Set<BackgroundMode> = [.voip],
        configuration: VoIPConfiguration = VoIPConfiguration(randomSeed: 42)
    ) {
        let service = Mutex<VoIPService?>(nil)
        device = TestDevice(
            profile: PolicyProfile(iOS: version)!,
            infoPlist: InfoPlist(backgroundModes: modes)
        ) { application in
            VoIPTestApp(application: application, service: service.withLock { $0! })
        }
        self.service = VoIPService(device: device, configuration: configuration)
        service.withLock { [self] in $0 = self.service }
        device.launch()
    }

    /// A harness whose screen connected to a new built-in peer, which got the app's first ping.
    static func connectedToPeer(
        host: String = "127.0.0.1",
        iOS version: Int = 9,
        modes: Set<BackgroundMode> = [.voip],
        configuration: VoIPConfiguration = VoIPConfiguration(randomSeed: 42)
    ) async throws -> (VoIPHarness, TestPeer) {
        let peer = try await TestPeer.start(host: host)
        var harness = VoIPHarness(iOS: version, modes: modes, configuration: configuration)
        harness.peer = peer
        harness.connect(to: peer.endpoint)
        guard await harness.waitUntil({ peer.log.lines == ["ping"] }) else {
            throw VoIPError.connectFailed(peer.endpoint, reason: "the peer got no ping")
        }
        return (harness, peer)
    }

    /// Types `endpoint` in the screen and taps Connect.
    func connect(to endpoint: VoIPEndpoint) {
        device.perform { application in (application.delegate as! VoIPTestApp).screen.connect(to: endpoint) }
    }

    /// The screen's log, read from its last published snapshot.
    var log: [String] {
        device.snapshot(for: .voip)?.log ?? []
    }

    /// The console's messages.
    var console: [String] { device.console.recentMessages }

    /// Runs the device's loop (socket reports, timers due now, the app's jobs) until
    /// `condition` holds, or fails after `timeout` of real time.
    @discardableResult
    func waitUntil(timeout: Duration = hangBound, _ condition: () -> Bool) async -> Bool {
        await device.runUntil(timeout: timeout, condition)
    }

    /// Waits until the socket is connected, and opened the given number of times in all.
    @discardableResult
    func waitUntilConnected(connections: Int = 1) async -> Bool {
        await waitUntil { service.status.state == .connected && service.status.connections >= connections }
    }
}
