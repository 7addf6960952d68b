/// `BGTaskScheduler` from outside the app; the rules are in
/// `SystemStateMachine+TaskScheduler.swift`.
extension Device {
    /// The pending requests, in the order they were submitted.
    public var pendingTaskRequests: [ScheduledTaskRequest] { read { $0.tasks.pending.map(\.request) } }

    /// The identifiers of the tasks running now, continued processing tasks last.
    public var runningTaskIdentifiers: [String] {
        read { machine in
            machine.tasks.running.sorted { $0.key < $1.key }.map(\.value.request.identifier)
                + machine.continued.running.map(\.identifier)
        }
    }

    /// How long from now until the system plans to launch the pending request's task: no
    /// earlier than its `earliestBeginDate`, and for an app refresh task when the system's own
    /// schedule chose. Nil if no such request is pending or it is not planned yet (the app is
    /// on screen, Background App Refresh is off, or the app was swiped away). It launches then
    /// only if its conditions hold.
    public func plannedTaskLaunch(identifier: String) -> Duration? {
        let now = loop.now
        return read { machine in
            guard machine.tasksMayRun else { return nil }
            return machine.tasks.pending.first { $0.request.identifier == identifier }?.runAt.map { max(.zero, $0 - now) }
        }
    }

    /// `_simulateLaunchForTaskWithIdentifier:`: launches the pending request's task now,
    /// whatever its date and conditions, launching the app into the background if needed.
    public func simulateLaunchOfTask(identifier: String) throws(TaskSimulationError) {
        let result = handle { $0.simulateLaunchOfTask(identifier: identifier, at: $1) }
        settle()
        try result.get()
    }

    /// `_simulateExpirationForTaskWithIdentifier:`: the running task's expiration handler is
    /// called now, and it has the expiration lead time to complete.
    public func simulateExpirationOfTask(identifier: String) throws(TaskSimulationError) {
        let result = handle { $0.simulateExpirationOfTask(identifier: identifier, at: $1) }
        settle()
        try result.get()
    }

    func cancelTaskRequests(where shouldCancel: (ScheduledTaskRequest) -> Bool) {
        handle { $0.cancelTaskRequests(where: shouldCancel, at: $1) }
    }
}
