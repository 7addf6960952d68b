import BackgroundRuntime
import Foundation

/// The parts of a status that change only when something happens: the state, the assertions,
/// activities, diagnostics, a call in progress, the alerts, and the screens' snapshots. Uptime and time remaining, which
/// change with every tick of the clock, are left out, so that an idle app sends nothing.
struct StatusFingerprint: Equatable {
    let state: AppState
    let launchReason: LaunchReason?
    let assertions: [Int]
    let activities: [String]
    let diagnostics: Int
    let interrupted: Bool
    let alerts: [SystemAlert]
    let screens: Data

    init(_ status: StatusReport) {
        state = status.state
        launchReason = status.launchReason
        assertions = status.assertions.map(\.identifier)
        activities = status.activities
        diagnostics = status.diagnostics
        interrupted = status.interrupted
        alerts = status.alerts
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        screens = (try? encoder.encode(status.screens)) ?? Data()
    }
}
