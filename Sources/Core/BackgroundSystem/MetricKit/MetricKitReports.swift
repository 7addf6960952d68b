import BackgroundWire
import Foundation
import Synchronization

/// MetricKit's daily payloads on the system's side: a period closes once a day of device time
/// has passed and the app runs, and its payload — from the device's energy accounts — waits
/// here until the running launch's ``MetricManager`` gets it (MetricKit, iOS 13; exit metrics
/// from iOS 14). The device tells it the app's state changes; it keeps nothing else of the
/// device's.
final class MetricKitReports: Sendable {
    /// How long a MetricKit period lasts.
    static let period = Duration.seconds(86_400)
    /// How many undelivered payloads wait for an app that does not run: a month's (Backgrounder's
    /// bound; older ones are dropped).
    static let keptPayloads = 30

    /// The payloads not delivered to the app yet, oldest first.
    private let pending = Mutex<[MetricPayload]>([])

    /// Closes the period now and delivers its payload (``Device/simulateMetricPayload()``).
    func simulatePayload(on device: Device) throws(MetricKitError) {
        guard device.profile.iOSVersion >= 13 else { throw .unavailable(device.profile) }
        closePeriod(minimum: .zero, on: device)
        deliver(on: device)
    }

    /// At each state change into a running state: closes a period that lasted a day, and
    /// delivers what waits.
    func stateChanged(_ change: AppStateChange, on device: Device) {
        guard device.profile.iOSVersion >= 13, change.to.isRunning, !change.from.isRunning else { return }
        closePeriod(minimum: Self.period, on: device)
        deliver(on: device)
    }

    private func closePeriod(minimum: Duration, on device: Device) {
        let exits = device.read(\.exits)
        guard let period = device.energy.meter.closeMetricPeriod(at: device.loop.now, exits: exits, minimum: minimum) else { return }
        let payload = MetricPayload(
            timeStampBegin: device.date(at: period.begin), timeStampEnd: device.date, byState: period.byState,
            exits: device.profile.iOSVersion >= 14 ? period.exits : nil, osVersion: device.profile.name)
        pending.withLock { pending in
            pending.append(payload)
            if pending.count > Self.keptPayloads { pending.removeFirst() }
        }
    }

    private func deliver(on device: Device) {
        guard device.appState.isRunning else { return }
        let payloads = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        guard !payloads.isEmpty else { return }
        let posted = device.handle { $0.post(whileSuspended: .hold, .metricPayloads(payloads), at: $1) }
        if !posted { pending.withLock { $0.insert(contentsOf: payloads, at: 0) } }
    }
}
