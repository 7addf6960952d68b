import BackgroundRuntime
import Foundation
import Synchronization
import VoIP

/// The benchmark's parts, started once and shared by the benchmarks of the run.
final class Rig: Sendable {
    static let shared = Rig()

    private let parts = Mutex<(app: BenchmarkApp?, appDriver: PingDriver?, referenceDriver: PingDriver?)>((nil, nil, nil))

    var app: BenchmarkApp { parts.withLock { $0.app! } }
    var appDriver: PingDriver { parts.withLock { $0.appDriver! } }
    var referenceDriver: PingDriver { parts.withLock { $0.referenceDriver! } }

    /// A live device running the VoIP screen, connected to a driver; once.
    func startApp() async throws {
        guard parts.withLock({ $0.app == nil }) else { return }
        let driver = PingDriver()
        let app = BenchmarkApp()
        await app.connect(to: try VoIPEndpoint(host: "127.0.0.1", port: driver.port))
        driver.waitForClient()
        driver.waitForPing()
        parts.withLock { $0 = ($0.app ?? app, $0.appDriver ?? driver, $0.referenceDriver) }
    }

    /// The reference responder connected to a driver; once.
    func startReference() async throws {
        guard parts.withLock({ $0.referenceDriver == nil }) else { return }
        let driver = PingDriver()
        PongResponder.start(port: driver.port)
        driver.waitForClient()
        parts.withLock { $0.referenceDriver = driver }
    }
}

/// The VoIP screen on a live device with `voip` declared, and the system's socket; iOS 9, the
/// last era whose VoIP sockets wake a suspended app (Technical Q&A QA1938).
final class BenchmarkApp: Sendable {
    let device: Device
    let service: VoIPService
    private let wakeUps = Atomic<Int>(0)

    /// How many times the app was woken from suspension.
    var wakes: Int { wakeUps.load(ordering: .acquiring) }

    init() {
        let service = Mutex<VoIPService?>(nil)
        device = Device(profile: PolicyProfile(iOS: 9)!, infoPlist: InfoPlist(backgroundModes: [.voip])) { application in
            ScreenDelegate(screen: VoIPScreen(application: application, service: service.withLock { $0! }))
        }
        self.service = VoIPService(device: device, configuration: VoIPConfiguration(randomSeed: 1))
        service.withLock { [self] in $0 = self.service }
        _ = device.observeStateChanges { [weak self] change in
            if change.from == .suspended, change.to == .background { self?.wakeUps.add(1, ordering: .releasing) }
        }
        device.launch()
    }

    /// Spins until the app is suspended again (right after it answered the last ping).
    func waitUntilSuspended() {
        while device.appState != .suspended { sched_yield() }
    }

    /// The Home button, then waits (on a live device the app's didEnterBackground runs first).
    func pressHomeUntilSuspended() async throws {
        device.pressHome()
        try await wait(for: .suspended)
    }

    func openUntilActive() async throws {
        device.openApp()
        try await wait(for: .active)
    }

    private func wait(for state: AppState) async throws {
        for _ in 0..<5_000 where device.appState != state { try await Task.sleep(for: .milliseconds(1)) }
        precondition(device.appState == state, "the app is \(device.appState), not \(state)")
    }

    func connect(to endpoint: VoIPEndpoint) async {
        _ = await device.run { application in (application.delegate as! ScreenDelegate).screen.connect(to: endpoint) }
    }
}

@AppMain
final class ScreenDelegate: ApplicationDelegate {
    let screen: VoIPScreen

    init(screen: VoIPScreen) {
        self.screen = screen
    }
}
