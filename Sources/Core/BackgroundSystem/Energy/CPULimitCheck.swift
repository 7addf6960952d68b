import BackgroundPlatform
import BackgroundWire
import Synchronization

/// The background CPU limit's check: while the app runs in the background, every five seconds
/// of device time the system compares the app's CPU time over the profile's window
/// (``PolicyProfile/backgroundCPUWindow``) with its limit, and a breach ends the app
/// (`SystemStateMachine+ResourceLimits.swift`). A suspended app costs no wake-ups, so nothing
/// is checked then. The device tells it the app's state changes; it keeps only its timer.
final class CPULimitCheck: Sendable {
    /// How often the limit is checked while the app runs in the background.
    static let interval = Duration.seconds(5)

    /// The next check, while the app runs in the background.
    private let timer = Mutex<SystemTimer?>(nil)

    /// At each state change: the next check is planned if the app now runs in the background,
    /// and none otherwise.
    func stateChanged(_ change: AppStateChange, on device: Device) {
        device.loop.cancel(timer.withLock { $0.take() })
        if change.to == .background { schedule(on: device) }
    }

    private func schedule(on device: Device) {
        let next = device.loop.schedule(after: Self.interval) { [weak self, weak device] in
            guard let self, let device, device.energy.meter.isInBackground else { return }
            let profile = device.profile
            if let breach = device.energy.meter.cpuLimitBreach(
                limit: profile.backgroundCPULimit, window: profile.backgroundCPUWindow, at: device.loop.now)
            {
                device.handle { $0.cpuLimitExceeded(breach, at: $1) }
            }
            if device.energy.meter.isInBackground { schedule(on: device) }
        }
        device.loop.cancel(timer.withLock { previous in
            defer { previous = next }
            return previous
        })
    }
}
