import BackgroundWire
import Foundation

/// `BGContinuedProcessingTask` (iOS 26): work the user starts in the foreground that goes on in
/// the background, with its progress in a Live Activity the user can stop (Apple, "Performing
/// long-running tasks on iOS and iPadOS", `BGContinuedProcessingTask`,
/// `BGContinuedProcessingTaskRequest.SubmissionStrategy`).
///
/// How many run at once, how long a task may go without progress and what counts as "the
/// system under substantial load" are Backgrounder's model (see ``PolicyProfile``); Apple does
/// not give them.
extension SystemStateMachine {
    /// `submit(_:)` of a `BGContinuedProcessingTaskRequest` whose identifier matches the
    /// permitted wildcard `pattern`: it runs at once, waits in the queue (`.queue`), or is refused.
    mutating func submitContinuedTask(
        _ request: ContinuedProcessingTaskRequest, pattern: String, at moment: Moment
    ) -> (Result<Void, TaskSchedulerError>, [SystemEffect]) {
        begin(moment)
        if let refusal = refusal(of: request, pattern: pattern) { return (.failure(refusal), finish()) }
        let mustWait = !continuedTaskCanStart
        if mustWait, request.strategy == .fail {
            return (.failure(.immediateRunIneligible(identifier: request.identifier)), finish())
        }
        continued.tasks.removeAll { $0.identifier == request.identifier && $0.running == nil }
        continued.tasks.append(
            ContinuedTask(
                identifier: request.identifier, pattern: pattern,
                report: ContinuedTaskReport(
                    title: request.title, subtitle: request.subtitle, completedUnitCount: 0, totalUnitCount: 0)))
        markChanged()
        if mustWait {
            log("BGTaskScheduler: continued processing request \(request.identifier) queued (\(continued.queued.count) waiting)")
        } else {
            startQueuedContinuedTasks()
        }
        return (.success(()), finish())
    }

    /// The task's progress, title or subtitle changed; new progress restarts the progress clock.
    mutating func reportContinuedTask(run: Int, _ report: ContinuedTaskReport, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard let index = continued.index(ofRun: run), var running = continued.tasks[index].running else { return finish() }
        if report.completedUnitCount != continued.tasks[index].report.completedUnitCount
            || report.totalUnitCount != continued.tasks[index].report.totalUnitCount
        {
            running.lastProgressAt = now
            continued.tasks[index].running = running
        }
        continued.tasks[index].report = report
        markChanged()
        return finish()
    }

    /// The user taps Stop in the task's Live Activity: the task's expiration handler is called.
    /// Returns false if no such task runs.
    mutating func stopContinuedTask(identifier: String, at moment: Moment) -> (Bool, [SystemEffect]) {
        begin(moment)
        guard let run = continued.tasks.first(where: { $0.identifier == identifier })?.running?.run else {
            return (false, finish())
        }
        expireContinuedTask(run, because: "the user stopped it in its Live Activity")
        return (true, finish())
    }

    /// The Live Activities, running tasks first, then the queue in order.
    var continuedProcessingActivities: [ContinuedProcessingActivity] {
        (continued.running + continued.queued).map { task in
            ContinuedProcessingActivity(
                identifier: task.identifier, title: task.report.title, subtitle: task.report.subtitle,
                state: task.running == nil ? .queued : .running,
                completedUnitCount: task.report.completedUnitCount, totalUnitCount: task.report.totalUnitCount,
                fractionCompleted: task.report.fractionCompleted)
        }
    }

    // MARK: The rules

    /// Why iOS would refuse the request, or nil.
    private func refusal(of request: ContinuedProcessingTaskRequest, pattern: String) -> TaskSchedulerError? {
        guard profile.hasContinuedProcessingTasks else {
            return .notPermitted(
                identifier: request.identifier,
                reason: "BGContinuedProcessingTaskRequest is new in iOS 26; this device runs \(profile.name)")
        }
        guard appState == .active else {
            return .notPermitted(
                identifier: request.identifier,
                reason: "submitted while the app is \(appState.rawValue); submit it from the foreground, on the user's action")
        }
        guard pattern.hasPrefix(infoPlist.bundleIdentifier + ".") else {
            return .notPermitted(
                identifier: request.identifier,
                reason: "the wildcard \(pattern) must start with the bundle identifier \(infoPlist.bundleIdentifier)")
        }
        if continued.running.contains(where: { $0.identifier == request.identifier }) {
            return .notPermitted(identifier: request.identifier, reason: "a task with this identifier is running")
        }
        return nil
    }

    /// Whether a new task may start now: fewer than the limit run, and the device is not under
    /// load (Backgrounder's model: the serious and critical thermal states).
    private var continuedTaskCanStart: Bool {
        continued.running.count < profile.continuedProcessingTaskLimit && !conditions.thermalState.defersBackgroundWork
    }

    /// Starts queued tasks, oldest first, while there is room.
    mutating func startQueuedContinuedTasks() {
        while continuedTaskCanStart, appState != .notRunning, let index = continued.tasks.firstIndex(where: { $0.running == nil }) {
            let task = continued.tasks[index]
            let run = tasks.nextRun
            tasks.nextRun += 1
            continued.tasks[index].running = ContinuedTask.Running(
                run: run, activity: beginEvent("BGContinuedProcessingTask \(task.identifier)"), lastProgressAt: now)
            scheduleProgressCheck(run: run, from: now)
            markChanged()
            log("BGTaskScheduler: continued processing task \(task.identifier) running: \"\(task.report.title)\"")
            deliver(
                .launchContinuedTask(
                    run: run, identifier: task.identifier, pattern: task.pattern, title: task.report.title,
                    subtitle: task.report.subtitle))
        }
    }

    private mutating func scheduleProgressCheck(run: Int, from lastProgress: Duration) {
        guard let index = continued.index(ofRun: run) else { return }
        let check = schedule(.continuedTaskProgressCheck(run: run), at: lastProgress + profile.continuedProcessingProgressTimeout)
        continued.tasks[index].running?.progressCheck = check
    }

    /// The progress check fell due: a task with no progress since the last check is expired.
    mutating func continuedTaskProgressCheckFell(run: Int) {
        guard let index = continued.index(ofRun: run), let running = continued.tasks[index].running,
            !running.isExpiring
        else { return }
        if now - running.lastProgressAt < profile.continuedProcessingProgressTimeout {
            scheduleProgressCheck(run: run, from: running.lastProgressAt)
            return
        }
        report(
            .continuedTaskWithoutProgress,
            "continued processing task \(continued.tasks[index].identifier) reported no progress for "
                + "\(profile.continuedProcessingProgressTimeout.secondsText) s; the system expires such tasks first. "
                + "Advance task.progress.completedUnitCount as the work goes on")
        expireContinuedTask(run, because: "it reported no progress")
    }

    /// Calls the task's expiration handler; it must call `setTaskCompleted` within the
    /// expiration lead time.
    mutating func expireContinuedTask(_ run: Int, because reason: String) {
        guard let index = continued.index(ofRun: run), var running = continued.tasks[index].running,
            !running.isExpiring
        else { return }
        running.isExpiring = true
        cancel(running.progressCheck)
        running.progressCheck = nil
        running.deadline = schedule(.continuedTaskDeadline(run: run), after: profile.expirationLeadTime)
        continued.tasks[index].running = running
        log("BGTaskScheduler: continued processing task \(continued.tasks[index].identifier) expires (\(reason))")
        deliver(.expireTask(run: run))
    }

    /// `setTaskCompleted(success:)` of a continued task: its Live Activity ends and the next
    /// queued request may start. Returns false if `run` is not a running continued task.
    mutating func completeContinuedTask(run: Int, success: Bool) -> Bool {
        guard let index = continued.index(ofRun: run), let running = continued.tasks[index].running else { return false }
        let task = continued.tasks.remove(at: index)
        cancel(running.progressCheck)
        cancel(running.deadline)
        tasks.finished.remember(run, true)
        markChanged()
        log("BGTaskScheduler: continued processing task \(task.identifier) completed (success: \(success))")
        dropActivity(running.activity)
        startQueuedContinuedTasks()
        suspendIfIdle()
        return true
    }

    /// The expired task did not call `setTaskCompleted` in time: a background app is terminated.
    mutating func continuedTaskRanOutOfTime(_ run: Int) {
        guard let index = continued.index(ofRun: run), let running = continued.tasks[index].running else { return }
        let task = continued.tasks.remove(at: index)
        tasks.finished.remember(run, false)
        markChanged()
        completionOverdue(
            "setTaskCompleted(success:) for continued processing task \(task.identifier)",
            budget: profile.expirationLeadTime, assertion: "BGContinuedProcessingTask \(task.identifier)", number: run,
            reason: "backgroundTask", holding: running.activity)
        startQueuedContinuedTasks()
    }

    /// The device's conditions changed: a cooler device starts queued tasks; under resource
    /// pressure (Backgrounder's model: the critical thermal state) the running task with the
    /// least progress is expired, as Apple says the system does first.
    mutating func continuedTasksFollowConditions() {
        startQueuedContinuedTasks()
        guard conditions.thermalState == .critical,
            let slowest = continued.running.filter({ $0.running?.isExpiring == false })
                .min(by: { $0.report.fractionCompleted < $1.report.fractionCompleted }),
            let run = slowest.running?.run
        else { return }
        expireContinuedTask(run, because: "the device is critically hot and it has the least progress")
    }

    /// The app's process ended: its tasks end with it, and the queued requests are cancelled
    /// (for an app closed in the app switcher, as Apple says).
    mutating func endContinuedTasks() {
        guard !continued.tasks.isEmpty else { return }
        for task in continued.tasks {
            if let running = task.running {
                cancel(running.progressCheck)
                cancel(running.deadline)
                tasks.finished.remember(running.run, false)
            }
        }
        let queued = continued.queued.count
        if queued > 0 {
            let why = lastTermination == .user ? "the app was closed in the app switcher" : "the app ended"
            log("BGTaskScheduler: \(queued) queued continued processing request(s) cancelled: \(why)")
        }
        continued.tasks.removeAll()
        markChanged()
    }
}
