import Foundation

/// How background fetch and background tasks follow the app's life: the events a background
/// launch is for, the usage the scheduler learns, and when work is planned.
extension Device {
    /// Sets the fetch scheduler's clock, restores the pending task requests and plans them.
    func prepareBackgroundWork() {
        mutate { state in
            state.fetch.scheduler = FetchScheduler(wallClockAtBoot: console.now.timeIntervalSince1970 - loop.now.seconds)
            loadPendingTasks(&state)
            planTasks(&state)
        }
    }

    /// Delivers the event the app was launched into the background for, after its
    /// didFinishLaunching and didEnterBackground.
    func deliverLaunchEvent(_ state: inout DeviceState, reason: LaunchReason) {
        switch reason {
        case .fetch: beginFetch(&state)
        case .backgroundTask: runDueTasks(&state)
        case .user, .location, .voip, .newsstand, .transfer: break
        }
    }

    /// Called at each change of the app's state: an open (the app comes on screen) teaches the
    /// scheduler and holds background work back; leaving the screen plans it again.
    func noteForBackgroundWork(from old: AppState, to new: AppState, in state: inout DeviceState) {
        if !old.isForeground, new.isForeground {
            if old == .notRunning { state.fetch.launchesAllowed = true }
            state.fetch.scheduler.recordOpen(at: loop.now)
            planBackgroundFetch(&state)
            planTasks(&state)
        } else if old.isForeground, !new.isForeground {
            planBackgroundFetch(&state)
            planTasks(&state)
        }
    }

    /// A completion did not come within `budget`: reported in the words of iOS's crash report;
    /// a background app is terminated, an app on screen only stops being held for the event.
    func completionOverdue(
        _ call: String, budget: Duration, assertion: String, reason: String,
        holding activity: BackgroundActivityToken, in state: inout DeviceState
    ) {
        let pid = console.pid
        report(
            .completionTimeout,
            "\(infoPlist.bundleName)[\(pid)] did not call \(call) within \(formatSeconds(budget)) s; it has active "
                + "assertions beyond permitted time: {(<BKProcessAssertion> id: \(pid)-\(assertion) "
                + "permittedBackgroundDuration: \(String(format: "%.6f", budget.seconds)) reason: \(reason))}",
            in: &state)
        if state.appState.isForeground {
            state.activities[activity.id] = nil
        } else {
            watchdogKill(&state, reason: "\(call) not called within \(formatSeconds(budget)) s")
        }
    }

    /// Ends the app at once for overstaying its background time, with the words of iOS's crash
    /// report (the watchdog's 0x8badf00d).
    func watchdogKill(_ state: inout DeviceState, reason: String) {
        console.log("Exception Type: EXC_CRASH (SIGKILL) — Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d")
        kill(&state, cause: .system(reason: reason))
    }
}
