import BackgroundPlatform
import BackgroundWire
import Foundation

/// `BGTaskScheduler`: the pending requests and their limits, when they run (see
/// ``FetchScheduler``), the tasks' budgets and expiration, and Xcode's debugging hooks (Apple,
/// "Using background tasks to update your app" and "Starting and Terminating Tasks During
/// Development").
extension SystemStateMachine {
    /// `_simulateLaunchForTaskWithIdentifier:`: launches the pending request's task now,
    /// whatever its date and conditions, launching the app into the background if needed.
    package mutating func simulateLaunchOfTask(identifier: String, at moment: Moment) -> (Result<Void, TaskSimulationError>, [SystemEffect]) {
        begin(moment)
        guard profile.hasBackgroundTaskScheduler else { return (.failure(.unavailable(profile: profile.name)), finish()) }
        guard let index = tasks.pending.firstIndex(where: { $0.request.identifier == identifier }) else {
            return (.failure(.notPending(identifier)), finish())
        }
        log("Simulating the launch of task \(identifier)")
        if appState == .notRunning {
            tasks.forced.insert(identifier)
            launch(reason: .backgroundTask)
        } else {
            runTask(at: index)
        }
        return (.success(()), finish())
    }

    /// `_simulateExpirationForTaskWithIdentifier:`: the running task's expiration handler is
    /// called now, and it has the expiration lead time to complete.
    package mutating func simulateExpirationOfTask(identifier: String, at moment: Moment) -> (Result<Void, TaskSimulationError>, [SystemEffect]) {
        begin(moment)
        guard profile.hasBackgroundTaskScheduler else { return (.failure(.unavailable(profile: profile.name)), finish()) }
        if let run = continued.running.first(where: { $0.identifier == identifier })?.running?.run {
            expireContinuedTask(run, because: "simulated expiration")
            return (.success(()), finish())
        }
        guard let run = tasks.running.values.filter({ $0.request.identifier == identifier }).map(\.run).min() else {
            return (.failure(.notRunning(identifier)), finish())
        }
        expireTask(run, because: "simulated expiration")
        return (.success(()), finish())
    }

    /// `submit(_:)`: the request replaces a pending one with its identifier.
    package mutating func submitTaskRequest(_ request: ScheduledTaskRequest, at moment: Moment) -> (Result<Void, TaskSchedulerError>, [SystemEffect]) {
        begin(moment)
        guard conditions.allowsBackgroundRefresh else { return (.failure(.unavailable), finish()) }
        guard infoPlist.permittedTaskIdentifiers.contains(request.identifier) else {
            return (.failure(.notPermitted(
                identifier: request.identifier,
                reason: "not in BGTaskSchedulerPermittedIdentifiers of \(infoPlist.source)")), finish())
        }
        let mode = request.kind.requiredMode
        guard infoPlist.declares(mode) else {
            return (.failure(.notPermitted(
                identifier: request.identifier,
                reason: "the \(request.kind.displayName) request needs \"\(mode.rawValue)\" in UIBackgroundModes of \(infoPlist.source)")),
                finish())
        }
        let others = tasks.pending.filter { $0.request.identifier != request.identifier }
        guard others.count(where: { $0.request.kind == request.kind }) < request.kind.pendingLimit else {
            return (.failure(.tooManyPendingTaskRequests(request.kind)), finish())
        }
        tasks.pending = others + [PendingTask(request: request)]
        let earliest = request.earliestBeginDate.map { " not before \(ConsoleLine.timestamp($0))" } ?? ""
        log("BGTaskScheduler: submitted \(request.kind.displayName) request \(request.identifier)\(earliest)")
        savePendingTasks()
        planTasks()
        return (.success(()), finish())
    }

    /// `cancel(taskRequestWithIdentifier:)` and `cancelAllTaskRequests()`.
    mutating func cancelTaskRequests(where shouldCancel: (ScheduledTaskRequest) -> Bool, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        let count = tasks.pending.count
        tasks.pending.removeAll { shouldCancel($0.request) }
        if tasks.pending.count != count {
            savePendingTasks()
            planTasks()
        }
        return finish()
    }

    /// `setTaskCompleted(success:)`.
    package mutating func completeTask(run: Int, ofLaunch launchNumber: Int?, success: Bool, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard launch?.number == launchNumber else { return finish() }
        if completeContinuedTask(run: run, success: success) { return finish() }
        guard let task = tasks.running.removeValue(forKey: run) else {
            reportLateTaskCompletion(run)
            return finish()
        }
        cancel(task.expirationTimer)
        cancel(task.deadline)
        tasks.finished.remember(run, true)
        log("BGTaskScheduler: task \(task.request.identifier) completed (success: \(success))")
        dropActivity(task.activity)
        suspendIfIdle()
        return finish()
    }

    // MARK: Planning

    /// Chooses a time for each new request and plans the next launch, replacing any plan.
    /// Nothing runs while the app is on screen, with Background App Refresh off, or for an app
    /// the user swiped away.
    mutating func planTasks() {
        cancel(tasks.plan)
        tasks.plan = nil
        guard tasksMayRun else { return }
        for index in tasks.pending.indices where tasks.pending[index].runAt == nil {
            let request = tasks.pending[index].request
            let floor = max(now, request.earliestBeginDate.map(deviceTime(of:)) ?? now)
            tasks.pending[index].runAt = switch request.kind {
            case .appRefresh: fetch.scheduler.choose(noEarlierThan: floor, spread: FetchScheduler.systemFloor / 4)
            case .processing:
                max(floor, tasks.lastProcessingLaunch[request.identifier].map { $0 + Self.processingTaskSpacing } ?? floor)
            }
        }
        noteRequestsWaitingForUse()
        guard let next = tasks.pending.filter({ mayRun($0.request) }).compactMap(\.runAt).min() else {
            return
        }
        tasks.plan = schedule(.taskPlan, at: max(next, now))
    }

    /// Whether `request`'s task may run now: its conditions hold, and a processing task's app
    /// was used within the past week.
    func mayRun(_ request: ScheduledTaskRequest) -> Bool {
        request.canRun(under: conditions) && (request.kind != .processing || wasUsedWithinTheWeek)
    }

    /// Whether the user opened the app within ``processingUseWindow``. The system knows only the
    /// opens since it started: with none, it holds nothing back.
    var wasUsedWithinTheWeek: Bool {
        guard let lastOpen = fetch.scheduler.usage.lastOpen else { return true }
        return now - lastOpen <= Self.processingUseWindow
    }

    /// How recently the user must have used the app for its processing tasks to run.
    static let processingUseWindow: Duration = .seconds(7 * 86_400)

    /// How long after a processing task launched the next of its identifier may launch:
    /// Backgrounder's model of the system spacing launches out (WWDC 2020, “Background
    /// execution demystified”: rate limiting), so that a request the app submits again while its
    /// task runs — in the didEnterBackground a resume brings — does not run at once.
    static let processingTaskSpacing: Duration = .seconds(3600)

    /// Says once, for each processing request, that it waits for the user to open the app.
    private mutating func noteRequestsWaitingForUse() {
        let waits = !wasUsedWithinTheWeek
        for index in tasks.pending.indices where tasks.pending[index].request.kind == .processing {
            if waits, !tasks.pending[index].isWaitingForUse, let lastOpen = fetch.scheduler.usage.lastOpen {
                log(
                    "BGTaskScheduler: processing request \(tasks.pending[index].request.identifier) waits for the user "
                        + "to open the app: it was last opened \(Int((now - lastOpen) / .seconds(86_400))) days ago, "
                        + "and processing tasks run only for an app used within the past week")
            }
            tasks.pending[index].isWaitingForUse = waits
        }
    }

    /// Whether the system may launch background tasks now (it plans none otherwise).
    var tasksMayRun: Bool {
        profile.hasBackgroundTaskScheduler && conditions.allowsBackgroundRefresh && !conditions.defersBackgroundWork
            && !appState.isForeground && (appState != .notRunning || fetch.launchesAllowed)
    }

    mutating func tasksFellDue() {
        tasks.plan = nil
        guard tasksMayRun else { return }
        if appState == .notRunning {
            launch(reason: .backgroundTask)
        } else {
            runDueTasks()
        }
    }

    // MARK: Running

    /// Launches every task that is due and whose conditions hold, and those a simulated launch
    /// asked for; then plans the next. The app must be running.
    mutating func runDueTasks() {
        while let index = tasks.pending.firstIndex(where: { pending in
            tasks.forced.contains(pending.request.identifier)
                || (pending.runAt.map { $0 <= now } ?? false) && mayRun(pending.request)
        }) {
            runTask(at: index)
        }
        tasks.forced.removeAll()
        planTasks()
    }

    /// Launches the task of the pending request at `index`: the request is no longer pending,
    /// the app is held running, and the task gets its kind's budget.
    private mutating func runTask(at index: Int) {
        guard let launch else { return }
        let request = tasks.pending.remove(at: index).request
        tasks.forced.remove(request.identifier)
        savePendingTasks()
        let run = tasks.nextRun
        tasks.nextRun += 1
        let budget = request.kind == .appRefresh ? profile.fetchBudget : profile.processingTaskBudget
        if request.kind == .processing { tasks.lastProcessingLaunch[request.identifier] = now }
        var task = RunningTask(
            run: run, request: request, launchNumber: launch.number, budget: budget,
            activity: beginEvent("BGTask \(request.identifier)"))
        task.expirationTimer = schedule(.taskExpiration(run: run), after: budget - profile.expirationLeadTime)
        task.deadline = schedule(.taskDeadline(run: run), after: budget)
        tasks.running[run] = task
        log(
            "BGTaskScheduler: launching \(request.kind.displayName) task \(request.identifier) "
                + "(\(budget.secondsText) s to call setTaskCompleted)")
        deliver(.launchTask(run: run, identifier: request.identifier, kind: request.kind))
    }

    private mutating func reportLateTaskCompletion(_ run: Int) {
        switch tasks.finished[run] {
        case true?:
            report(.doubleCompletion, "setTaskCompleted(success:) was called again for task run \(run); call it exactly once")
        case false?:
            log("setTaskCompleted(success:) for task run \(run) came after its time ran out")
        case nil:
            break
        }
    }

    /// Calls the task's expiration handler; it must complete within the expiration lead time.
    mutating func expireTask(_ run: Int, because reason: String) {
        guard var task = tasks.running[run], !task.isExpiring else { return }
        task.isExpiring = true
        cancel(task.expirationTimer)
        task.expirationTimer = nil
        if let deadline = task.deadline, deadline.deadline > now + profile.expirationLeadTime {
            cancel(deadline)
            task.deadline = schedule(.taskDeadline(run: run), after: profile.expirationLeadTime)
        }
        tasks.running[run] = task
        log("BGTaskScheduler: task \(task.request.identifier) expires (\(reason))")
        deliver(.expireTask(run: run))
    }

    /// The app's process ended: its running tasks end with it, unfinished, and their timers stop —
    /// so that no expiration of theirs reaches a later launch.
    mutating func endRunningTasks() {
        guard !tasks.running.isEmpty else { return }
        for task in tasks.running.values {
            cancel(task.expirationTimer)
            cancel(task.deadline)
            tasks.finished.remember(task.run, false)
        }
        tasks.running.removeAll()
        markChanged()
    }

    /// Expires the running tasks whose required power or network is gone.
    mutating func expireTasksLackingConditions() {
        for task in tasks.running.values.sorted(by: { $0.run < $1.run }) where !task.request.canRun(under: conditions) {
            expireTask(task.run, because: "\(task.request.lostCondition(under: conditions)) was lost")
        }
    }

    /// The task's time is spent: a background app still running it is terminated.
    mutating func taskRanOutOfTime(_ run: Int) {
        guard let task = tasks.running.removeValue(forKey: run) else { return }
        tasks.finished.remember(run, false)
        guard launch?.number == task.launchNumber else { return }
        completionOverdue(
            "setTaskCompleted(success:) for task \(task.request.identifier)", budget: task.budget,
            assertion: "BGTask \(task.request.identifier)", number: run, reason: "backgroundTask",
            holding: task.activity)
    }

    private mutating func savePendingTasks() {
        emit(.savePendingTaskRequests(tasks.pending.map(\.request)))
    }
}
