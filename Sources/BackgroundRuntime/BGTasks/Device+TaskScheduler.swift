import Foundation

/// `BGTaskScheduler`, the system's side: the pending requests and their limits, when they run
/// (see ``FetchScheduler``), the tasks' budgets and expiration, and Xcode's debugging hooks.
extension Device {
    /// The pending requests, in the order they were submitted.
    public var pendingTaskRequests: [ScheduledTaskRequest] {
        state.withLock { $0.tasks.pending.map(\.request) }
    }

    /// The identifiers of the tasks running now.
    public var runningTaskIdentifiers: [String] {
        state.withLock { $0.tasks.running.sorted { $0.key < $1.key }.map(\.value.request.identifier) }
    }

    // MARK: Xcode's hooks

    /// `_simulateLaunchForTaskWithIdentifier:`: launches the pending request's task now,
    /// whatever its date and conditions, launching the app into the background if needed.
    public func simulateLaunchOfTask(identifier: String) throws(TaskSimulationError) {
        let mustLaunch = try mutate { state -> Result<Bool, TaskSimulationError> in
            guard profile.hasBackgroundTaskScheduler else { return .failure(.unavailable(profile: profile.name)) }
            guard let index = state.tasks.pending.firstIndex(where: { $0.request.identifier == identifier }) else {
                return .failure(.notPending(identifier))
            }
            console.log("Simulating the launch of task \(identifier)")
            guard state.appState != .notRunning else {
                state.tasks.forced.insert(identifier)
                return .success(true)
            }
            runTask(at: index, in: &state)
            return .success(false)
        }.get()
        if mustLaunch { launch(reason: .backgroundTask) } else { settle() }
    }

    /// `_simulateExpirationForTaskWithIdentifier:`: the running task's expiration handler is
    /// called now, and it has the expiration lead time to complete.
    public func simulateExpirationOfTask(identifier: String) throws(TaskSimulationError) {
        try mutate { state -> Result<Void, TaskSimulationError> in
            guard profile.hasBackgroundTaskScheduler else { return .failure(.unavailable(profile: profile.name)) }
            guard let run = state.tasks.running.values.filter({ $0.request.identifier == identifier }).map(\.run).min() else {
                return .failure(.notRunning(identifier))
            }
            expireTask(run, because: "simulated expiration", in: &state)
            return .success(())
        }.get()
        settle()
    }

    // MARK: The app's calls

    func submitTaskRequest(_ request: ScheduledTaskRequest) throws(BGTaskSchedulerError) {
        try mutate { state -> Result<Void, BGTaskSchedulerError> in
            guard state.conditions.isBackgroundAppRefreshEnabled else { return .failure(.unavailable) }
            guard infoPlist.permittedTaskIdentifiers.contains(request.identifier) else {
                return .failure(.notPermitted(
                    identifier: request.identifier,
                    reason: "not in BGTaskSchedulerPermittedIdentifiers of \(infoPlist.source)"))
            }
            let mode = request.kind.requiredMode
            guard infoPlist.declares(mode) else {
                return .failure(.notPermitted(
                    identifier: request.identifier,
                    reason: "a \(request.kind.displayName) request needs \"\(mode.rawValue)\" in UIBackgroundModes of \(infoPlist.source)"))
            }
            let others = state.tasks.pending.filter { $0.request.identifier != request.identifier }
            guard others.count(where: { $0.request.kind == request.kind }) < request.kind.pendingLimit else {
                return .failure(.tooManyPendingTaskRequests(request.kind))
            }
            state.tasks.pending = others + [PendingTask(request: request)]
            let earliest = request.earliestBeginDate.map { " not before \(ConsoleLine.timestamp($0))" } ?? ""
            console.log("BGTaskScheduler: submitted \(request.kind.displayName) request \(request.identifier)\(earliest)")
            savePendingTasks(state)
            planTasks(&state)
            return .success(())
        }.get()
    }

    func cancelTaskRequests(where shouldCancel: (ScheduledTaskRequest) -> Bool) {
        mutate { state in
            let count = state.tasks.pending.count
            state.tasks.pending.removeAll { shouldCancel($0.request) }
            guard state.tasks.pending.count != count else { return }
            savePendingTasks(state)
            planTasks(&state)
        }
    }

    // MARK: Planning

    /// Chooses a time for each new request and plans the next launch, replacing any plan.
    /// Nothing runs while the app is on screen, with Background App Refresh off, or for an app
    /// the user swiped away.
    func planTasks(_ state: inout DeviceState) {
        loop.cancel(state.tasks.plan)
        state.tasks.plan = nil
        guard tasksMayRun(state) else { return }
        let now = loop.now
        for index in state.tasks.pending.indices where state.tasks.pending[index].runAt == nil {
            let request = state.tasks.pending[index].request
            let floor = max(now, request.earliestBeginDate.map(deviceTime(of:)) ?? now)
            state.tasks.pending[index].runAt = switch request.kind {
            case .appRefresh: state.fetch.scheduler.choose(noEarlierThan: floor, spread: FetchScheduler.systemFloor / 4)
            case .processing: floor
            }
        }
        let next = state.tasks.pending.filter { $0.request.canRun(under: state.conditions) }.compactMap(\.runAt).min()
        guard let next else { return }
        state.tasks.plan = loop.schedule(at: max(next, now)) { [weak self] in self?.tasksFellDue() }
    }

    private func tasksMayRun(_ state: DeviceState) -> Bool {
        profile.hasBackgroundTaskScheduler && state.conditions.isBackgroundAppRefreshEnabled
            && !state.appState.isForeground && (state.appState != .notRunning || state.fetch.launchesAllowed)
    }

    private func tasksFellDue() {
        let mustLaunch = mutate { state -> Bool in
            state.tasks.plan = nil
            guard tasksMayRun(state) else { return false }
            guard state.appState != .notRunning else { return true }
            runDueTasks(&state)
            return false
        }
        if mustLaunch { launch(reason: .backgroundTask) }
    }

    // MARK: Running

    /// Launches every task that is due and whose conditions hold, and those a simulated launch
    /// asked for; then plans the next. The app must be running.
    func runDueTasks(_ state: inout DeviceState) {
        let now = loop.now
        while let index = state.tasks.pending.firstIndex(where: { pending in
            state.tasks.forced.contains(pending.request.identifier)
                || (pending.runAt.map { $0 <= now } ?? false) && pending.request.canRun(under: state.conditions)
        }) {
            runTask(at: index, in: &state)
        }
        state.tasks.forced.removeAll()
        planTasks(&state)
    }

    /// Launches the task of the pending request at `index`: the request is no longer pending,
    /// the app is held running, and the task gets its kind's budget.
    private func runTask(at index: Int, in state: inout DeviceState) {
        guard let launch = state.launch else { return }
        let request = state.tasks.pending.remove(at: index).request
        state.tasks.forced.remove(request.identifier)
        savePendingTasks(state)
        let run = state.tasks.nextRun
        state.tasks.nextRun += 1
        let budget = request.kind == .appRefresh ? profile.fetchBudget : profile.processingTaskBudget
        var task = RunningTask(
            run: run, request: request, launchNumber: launch.number, budget: budget,
            activity: beginEvent("BGTask \(request.identifier)", in: &state))
        task.expirationTimer = loop.schedule(after: budget - profile.expirationLeadTime) { [weak self] in
            self?.taskTimeIsUp(run)
        }
        task.deadline = loop.schedule(after: budget) { [weak self] in self?.taskRanOutOfTime(run) }
        state.tasks.running[run] = task
        console.log(
            "BGTaskScheduler: launching \(request.kind.displayName) task \(request.identifier) "
                + "(\(formatSeconds(budget)) s to call setTaskCompleted)")
        post(to: launch) { application in
            application.taskScheduler?.launch(run: run, identifier: request.identifier, kind: request.kind)
        }
    }

    func completeTask(run: Int, ofLaunch launchNumber: Int?, success: Bool) {
        mutate { state in
            guard state.launch?.number == launchNumber else { return }
            guard let task = state.tasks.running.removeValue(forKey: run) else {
                reportLateTaskCompletion(run, in: &state)
                return
            }
            loop.cancel(task.expirationTimer)
            loop.cancel(task.deadline)
            state.tasks.finished.remember(run, true)
            console.log("BGTaskScheduler: task \(task.request.identifier) completed (success: \(success))")
            state.activities[task.activity.id] = nil
            suspendIfIdle(&state)
        }
    }

    private func reportLateTaskCompletion(_ run: Int, in state: inout DeviceState) {
        switch state.tasks.finished[run] {
        case true?:
            report(.doubleCompletion, "setTaskCompleted(success:) was called again for task run \(run); call it exactly once", in: &state)
        case false?:
            console.log("setTaskCompleted(success:) for task run \(run) came after its time ran out")
        case nil:
            break
        }
    }

    /// Calls the task's expiration handler; it must complete within the expiration lead time.
    func expireTask(_ run: Int, because reason: String, in state: inout DeviceState) {
        guard var task = state.tasks.running[run], !task.isExpiring else { return }
        task.isExpiring = true
        loop.cancel(task.expirationTimer)
        task.expirationTimer = nil
        if let deadline = task.deadline, deadline.deadline > loop.now + profile.expirationLeadTime {
            loop.cancel(deadline)
            task.deadline = loop.schedule(after: profile.expirationLeadTime) { [weak self] in self?.taskRanOutOfTime(run) }
        }
        state.tasks.running[run] = task
        console.log("BGTaskScheduler: task \(task.request.identifier) expires (\(reason))")
        post(to: state.launch) { application in application.taskScheduler?.expire(run: run) }
    }

    private func taskTimeIsUp(_ run: Int) {
        mutate { state in expireTask(run, because: "its time is up", in: &state) }
    }

    /// Expires the running tasks whose required power or network is gone.
    func expireTasksLackingConditions(_ state: inout DeviceState) {
        for task in state.tasks.running.values.sorted(by: { $0.run < $1.run })
        where !task.request.canRun(under: state.conditions) {
            let lost = task.request.requiresExternalPower && !state.conditions.isOnExternalPower ? "external power" : "the network"
            expireTask(task.run, because: "\(lost) was lost", in: &state)
        }
    }

    /// The task's time is spent: a background app still running it is terminated.
    private func taskRanOutOfTime(_ run: Int) {
        mutate { state in
            guard let task = state.tasks.running.removeValue(forKey: run) else { return }
            state.tasks.finished.remember(run, false)
            guard state.launch?.number == task.launchNumber else { return }
            completionOverdue(
                "setTaskCompleted(success:) for task \(task.request.identifier)", budget: task.budget,
                assertion: "task-\(run) name: BGTask \(task.request.identifier)", reason: "backgroundTask",
                holding: task.activity, in: &state)
        }
    }

    // MARK: Persistence

    /// Loads the requests a previous run left pending; an unreadable file is set aside.
    func loadPendingTasks(_ state: inout DeviceState) {
        guard let store = taskRequestStore else { return }
        do {
            let requests = try store.load()
            state.tasks.pending = requests.map { PendingTask(request: $0) }
            if !requests.isEmpty {
                console.log("BGTaskScheduler: \(requests.count) pending request(s) restored from \(store.fileURL.path)")
            }
        } catch {
            let aside = store.setAside().map { "; it was moved to \($0.path)" } ?? ""
            console.log("BGTaskScheduler: cannot read the pending requests: \(error)\(aside). Starting with none")
        }
    }

    private func savePendingTasks(_ state: DeviceState) {
        guard let store = taskRequestStore else { return }
        do {
            try store.save(state.tasks.pending.map(\.request))
        } catch {
            console.log("BGTaskScheduler: cannot save the pending requests: \(error)")
        }
    }
}
