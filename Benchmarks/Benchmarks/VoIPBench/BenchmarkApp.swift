import BackgroundRuntime
import BackgroundRuntimeTesting
import Dispatch
import Foundation
import Synchronization
import VoIP
import VoIPSystem

/// The VoIP screen on a live device with `voip` declared, and the system's socket; iOS 9, the
/// last era whose VoIP sockets wake a suspended app (Technical Q&A QA1938).
final class BenchmarkApp: Sendable {
    let device: Device
    let service: VoIPService
    private let wakeUps = Atomic<Int>(0)
    private let suspended = DispatchSemaphore(value: 0)

    /// How many times the app was woken from suspension.
    var wakes: Int { wakeUps.load(ordering: .acquiring) }

    init() {
        device = Device(profile: PolicyProfile(iOS: 9)!, infoPlist: InfoPlist(backgroundModes: [.voip])) { application in
            ScreenDelegate(screen: VoIPScreen(application: application))
        }
        // The screen's socket reaches the service by its messages; the service answers them
        // once it is made, before the launch below.
        service = VoIPService(device: device, configuration: VoIPConfiguration(randomSeed: 1))
        _ = device.observers.observeStateChanges { [weak self] change in
            if change.from == .suspended, change.to == .background { self?.wakeUps.add(1, ordering: .releasing) }
            if change.to == .suspended { self?.suspended.signal() }
        }
        device.launch()
    }

    /// Waits until the app is suspended again after its last wake-up (right after it answered
    /// the last ping), without spinning.
    func waitUntilSuspended() {
        suspended.wait()
    }

    /// The Home button, then waits until the app is suspended.
    func pressHomeUntilSuspended() {
        device.pressHome()
        waitUntilSuspended()
    }

    /// Opens the app and waits until it is active.
    func openUntilActive() {
        device.openApp()
        for _ in 0..<5_000 where device.appState != .active { usleep(1_000) }
        precondition(device.appState == .active, "the app is \(device.appState), not active")
    }

    /// Connects the VoIP screen to `endpoint`.
    func connect(to endpoint: VoIPEndpoint) {
        let done = DispatchSemaphore(value: 0)
        Task {
            _ = await device.runInApp { application in (application.delegate as! ScreenDelegate).screen.connect(to: endpoint) }
            done.signal()
        }
        done.wait()
    }
}

@AppMain
final class ScreenDelegate: ApplicationDelegate {
    let screen: VoIPScreen

    init(screen: VoIPScreen) {
        self.screen = screen
    }
}
