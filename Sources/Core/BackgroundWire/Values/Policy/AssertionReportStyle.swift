import Foundation

/// How an era's system words the end of an app that held background time beyond what it was
/// permitted: the `[assertion-timeout]` and `[completion-timeout]` diagnostics quote it.
///
/// The words are those of each era's reports as developers posted them; where the reports
/// change between two eras is Backgrounder's reading of when they were posted (the rule
/// assertion-watchdog says so).
public enum AssertionReportStyle: String, Sendable, Codable, CaseIterable {
    /// iOS 4–5: SpringBoard held the assertions (“<SBProcessAssertion: 0x1fa7cef0> identifier:
    /// UIKitBackgroundCompletionTask process: OpenMobile[1087] permittedBackgroundDuration:
    /// 600.000000 reason: finishTask owner pid:1087 preventSuspend preventIdleSleep”, 2011).
    case springBoard
    /// iOS 6–7: BackBoard (`BKSProcessAssertion` came with iOS 6): “<BKProcessAssertion:
    /// 0x175ca7d0> identifier: Called by MyApp, from -[AppDelegate applicationDidEnterBackground:]
    /// process: MyApp[1369] permittedBackgroundDuration: 180.000000 reason: finishTask owner
    /// pid:1369 preventSuspend preventIdleSleep preventSuspendOnSleep” (iOS 7).
    case backBoard
    /// iOS 8–12: assertions of a `BKNewProcess`, by id and name: “<BKNewProcess: 0x17e74840;
    /// com.app.app; pid: 560; hostpid: -1> has active assertions beyond permitted time: {(
    /// <BKProcessAssertion: 0x17d78740> id: 560-C9E8… name: Called by UIKit, from <redacted>
    /// process: <BKNewProcess: …> permittedBackgroundDuration: 180.000000 reason: finishTask …”.
    case backBoardProcess
    /// iOS 13 and later: RunningBoard leaves no crash report for an overrun task; UIKit warns on
    /// the console: “[BackgroundTask] Background Task 1001 ("GDTStorage"), was created over 30
    /// seconds ago. In applications running in the background, this creates a risk of
    /// termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely
    /// manner to avoid this.”
    case runningBoard

    /// The style of iOS `version`.
    public init(iOS version: Int) {
        self = switch version {
        case ...5: .springBoard
        case 6...7: .backBoard
        case 8...12: .backBoardProcess
        default: .runningBoard
        }
    }

    /// The era's words for task assertions held when their `budget` ran out, each with the
    /// identifier and name the app gave it: what the `[assertion-timeout]` diagnostic quotes.
    package func heldTasks(_ tasks: [(identifier: Int, name: String?)], app: ReportedApp, budget: Duration) -> String {
        let duration = String(format: "%.6f", budget.seconds)
        switch self {
        case .springBoard:
            let held = tasks.map { _ in
                "<SBProcessAssertion: \(app.address)> identifier: UIKitBackgroundCompletionTask process: \(app.processName) "
                    + "permittedBackgroundDuration: \(duration) reason: finishTask owner pid:\(app.pid) preventSuspend preventIdleSleep"
            }
            return "\(app.processName) has active assertions beyond permitted time: {(\(held.joined(separator: ", ")))}"
        case .backBoard:
            let held = tasks.map { task in
                "<BKProcessAssertion: \(app.address)> identifier: \(task.name ?? "Called by \(app.name), from <redacted>") "
                    + "process: \(app.processName) permittedBackgroundDuration: \(duration) reason: finishTask owner "
                    + "pid:\(app.pid) preventSuspend preventIdleSleep preventSuspendOnSleep"
            }
            return "\(app.processName) has active assertions beyond permitted time: {(\(held.joined(separator: ", ")))}"
        case .backBoardProcess:
            let held = tasks.map { task in
                "<BKProcessAssertion: \(app.address)> id: \(app.pid)-\(task.identifier) "
                    + "name: \(task.name ?? "Called by UIKit, from <redacted>") process: \(app.process) "
                    + "permittedBackgroundDuration: \(duration) reason: finishTask owner pid:\(app.pid) preventSuspend "
                    + "preventIdleSleep preventSuspendOnSleep"
            }
            return "\(app.process) has active assertions beyond permitted time: {(\(held.joined(separator: ", ")))}"
        case .runningBoard:
            return tasks.map { task in
                "[BackgroundTask] Background Task \(task.identifier) (\"\(task.name ?? "Called by \(app.name), from <redacted>")\"), "
                    + "was created over 30 seconds ago. In applications running in the background, this creates a risk of "
                    + "termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this."
            }.joined(separator: " ")
        }
    }

    /// The era's words for the assertion the system held for an event (a fetch, a push, a BG
    /// task) whose completion did not come within `budget`: what `[completion-timeout]` quotes.
    /// From iOS 13 the words are Backgrounder's: RunningBoard leaves no report to quote.
    package func overdueCompletion(name: String, number: Int, reason: String, app: ReportedApp, budget: Duration) -> String {
        let duration = String(format: "%.6f", budget.seconds)
        switch self {
        case .springBoard, .backBoard:
            return "\(app.processName) has active assertions beyond permitted time: {(<BKProcessAssertion: \(app.address)> "
                + "identifier: \(name) process: \(app.processName) permittedBackgroundDuration: \(duration) reason: \(reason) "
                + "owner pid:\(app.pid) preventSuspend preventIdleSleep preventSuspendOnSleep)}"
        case .backBoardProcess:
            return "\(app.process) has active assertions beyond permitted time: {(<BKProcessAssertion: \(app.address)> "
                + "id: \(app.pid)-\(number) name: \(name) process: \(app.process) permittedBackgroundDuration: \(duration) "
                + "reason: \(reason) owner pid:\(app.pid) preventSuspend preventIdleSleep preventSuspendOnSleep)}"
        case .runningBoard:
            return "the system's assertion \"\(name)\" (\(reason)) for it ran out after \(budget.secondsText) s "
                + "(Backgrounder's words: RunningBoard leaves no report)"
        }
    }
}
