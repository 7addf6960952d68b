import Foundation
import Synchronization

/// MetricKit's daily payloads: the system closes a period once a day of device time has passed
/// and the app runs, and delivers the payloads not delivered yet to the running launch's
/// ``MetricManager`` (MetricKit, iOS 13; exit metrics from iOS 14).
extension Device {
    /// How long a MetricKit period lasts.
    public static let metricPeriod = Duration.seconds(86_400)
    /// How many undelivered payloads wait for an app that does not run: a month's (Backgrounder's
    /// bound; older ones are dropped).
    static let keptMetricPayloads = 30

    /// Closes the period now and delivers its payload, as Xcode's Debug ▸ Simulate MetricKit
    /// Payloads does; the payload waits for the app if it is not running.
    public func simulateMetricPayload() throws(MetricKitError) {
        guard profile.iOSVersion >= 13 else { throw .unavailable(profile) }
        closeMetricPeriod(minimum: .zero)
        deliverMetricPayloads()
        settle()
    }

    /// At each state change into a running state: closes a period that lasted a day, and
    /// delivers what waits.
    func metricKitStateChanged(_ change: AppStateChange) {
        guard profile.iOSVersion >= 13, change.to.isRunning, !change.from.isRunning else { return }
        closeMetricPeriod(minimum: Self.metricPeriod)
        deliverMetricPayloads()
    }

    private func closeMetricPeriod(minimum: Duration) {
        let exits = read(\.exits)
        guard let period = energy.closeMetricPeriod(at: loop.now, exits: exits, minimum: minimum) else { return }
        let payload = MetricPayload(
            timeStampBegin: date(at: period.begin), timeStampEnd: date, byState: period.byState,
            exits: profile.iOSVersion >= 14 ? period.exits : nil, osVersion: profile.name)
        pendingMetricPayloads.withLock { pending in
            pending.append(payload)
            if pending.count > Self.keptMetricPayloads { pending.removeFirst() }
        }
    }

    private func deliverMetricPayloads() {
        guard appState.isRunning else { return }
        let payloads = pendingMetricPayloads.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        guard !payloads.isEmpty else { return }
        let posted = handle { $0.post(whileSuspended: .hold, .metricPayloads(payloads), at: $1) }
        if !posted { pendingMetricPayloads.withLock { $0.insert(contentsOf: payloads, at: 0) } }
    }
}
