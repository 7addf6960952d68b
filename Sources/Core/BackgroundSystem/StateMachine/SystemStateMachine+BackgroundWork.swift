import BackgroundWire
import Foundation

/// What background fetch and `BGTaskScheduler` share: the event a background launch is for,
/// the usage the scheduler learns from the app's opens, and the watchdog of a completion
/// handler never called.
extension SystemStateMachine {
    /// Restores the `BGTaskScheduler` requests a previous run left pending (read from
    /// `source`) and plans them.
    mutating func restorePendingTasks(_ requests: [ScheduledTaskRequest], from source: String, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        tasks.pending = requests.map { PendingTask(request: $0) }
        if !requests.isEmpty {
            log("BGTaskScheduler: \(requests.count) pending request(s) restored from \(source)")
        }
        planTasks()
        return finish()
    }

    /// Delivers the event the app was launched into the background for, after its
    /// didFinishLaunching and didEnterBackground.
    mutating func deliverLaunchEvent(reason: LaunchReason) {
        switch reason {
        case .fetch: beginFetch()
        case .backgroundTask: runDueTasks()
        case .remoteNotification, .voip, .newsstand: deliverLaunchPush()
        case .notificationAction: deliverLaunchResponse()
        case .transfer: deliverLaunchSessionEvents()
        case .user, .location: break
        }
    }

    /// Called at each change of the app's state: an open (the app comes on screen) teaches the
    /// scheduler and holds background work back; leaving the screen plans it again.
    mutating func noteForBackgroundWork(from old: AppState, to new: AppState) {
        if !old.isForeground, new.isForeground {
            if old == .notRunning { fetch.launchesAllowed = true }
            fetch.scheduler.recordOpen(at: now)
            planBackgroundFetch()
            planTasks()
        } else if old.isForeground, !new.isForeground {
            planBackgroundFetch()
            planTasks()
        }
    }

    /// A completion did not come within `budget`: reported with the words of the era's report
    /// for the system's assertion `assertion` (its `number`th of the kind, held for `reason`);
    /// a background app is terminated, an app on screen only stops being held for the event.
    mutating func completionOverdue(
        _ call: String, budget: Duration, assertion: String, number: Int, reason: String,
        holding activity: BackgroundActivityToken
    ) {
        let words = profile.assertionReportStyle.overdueCompletion(
            name: assertion, number: number, reason: reason, app: reportedApp, budget: budget)
        report(
            .completionTimeout,
            "\(infoPlist.bundleName)[\(pid)] did not call \(call) within \(budget.secondsText) s: \(words)")
        if appState.isForeground {
            dropActivity(activity)
        } else {
            watchdogKill(reason: "\(call) not called within \(budget.secondsText) s", exit: .backgroundTaskAssertionTimeout)
        }
    }
}
