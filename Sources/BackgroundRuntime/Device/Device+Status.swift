import Foundation

/// What the system tells about the app without asking it.
extension Device {
    /// The app's state, assertions, diagnostics and last published screens.
    public func status() -> StatusReport {
        state.withLock { state in
            let remaining = remainingBackgroundTime(in: state)?.seconds
            return StatusReport(
                state: state.appState,
                profile: profile.name,
                launchReason: state.launch?.reason,
                backgroundTimeRemaining: remaining,
                assertions: state.assertionsInOrder.map { assertion in
                    AssertionStatus(
                        name: assertion.name, identifier: assertion.identifier.rawValue,
                        timeRemaining: remaining, begunAt: assertion.begunAt.description)
                },
                activities: state.activities.sorted { $0.key < $1.key }
                    .filter { keepsRunningInBackground($0.value) }.map(\.value.name),
                diagnostics: state.diagnostics.count,
                diagnosticRules: Dictionary(
                    uniqueKeysWithValues: state.diagnostics.countByRule.map { ($0.key.rawValue, $0.value) }),
                backgroundModes: infoPlist.backgroundModes.map(\.rawValue).sorted(),
                uptime: loop.now.seconds,
                screens: state.snapshots.mapValues(AnyScreenSnapshot.init),
                interrupted: state.isInterrupted,
                alerts: state.alerts
            )
        }
    }

    /// The status as one line of JSON with sorted keys.
    public func statusJSON() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(status()) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Keeps `snapshot` as what `screen` shows.
    public func publish(_ snapshot: any ScreenSnapshot, for screen: String) {
        state.withLock { $0.snapshots[screen] = snapshot }
    }

    /// The snapshot `screen` last published.
    public func snapshot(of screen: String) -> (any ScreenSnapshot)? {
        state.withLock { $0.snapshots[screen] }
    }
}
