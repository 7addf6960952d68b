import BackgroundWire

/// `BGTaskScheduler` from outside the app — the pending requests, the running tasks, Xcode's
/// debugger commands, the Live Activities of continued processing tasks (iOS 26) — reached as
/// ``Device/taskScheduler``; the rules are in `SystemStateMachine+TaskScheduler.swift` and
/// `SystemStateMachine+ContinuedProcessing.swift`.
///
/// A view of the device: it holds the device and keeps nothing of its own.
public struct DeviceTaskScheduler: Sendable {
    let device: Device

    /// The pending requests, in the order they were submitted.
    public var pendingTaskRequests: [ScheduledTaskRequest] { device.read { $0.tasks.pending.map(\.request) } }

    /// The identifiers of the tasks running now, continued processing tasks last.
    public var runningTaskIdentifiers: [String] {
        device.read { machine in
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
        let now = device.loop.now
        return device.read { machine in
            guard machine.tasksMayRun else { return nil }
            return machine.tasks.pending.first { $0.request.identifier == identifier }?.runAt.map { max(.zero, $0 - now) }
        }
    }

    /// `_simulateLaunchForTaskWithIdentifier:`: launches the pending request's task now,
    /// whatever its date and conditions, launching the app into the background if needed.
    public func simulateLaunchOfTask(identifier: String) throws(TaskSimulationError) {
        let result = device.handle { $0.simulateLaunchOfTask(identifier: identifier, at: $1) }
        device.settle()
        try result.get()
    }

    /// `_simulateExpirationForTaskWithIdentifier:`: the running task's expiration handler is
    /// called now, and it has the expiration lead time to complete.
    public func simulateExpirationOfTask(identifier: String) throws(TaskSimulationError) {
        let result = device.handle { $0.simulateExpirationOfTask(identifier: identifier, at: $1) }
        device.settle()
        try result.get()
    }

    /// The Live Activities of the continued processing tasks: running first, then queued.
    public var continuedProcessingActivities: [ContinuedProcessingActivity] {
        device.read { $0.continuedProcessingActivities }
    }

    /// The user taps Stop in the Live Activity of the task with `identifier`: its expiration
    /// handler is called. Returns false if no such task runs.
    @discardableResult
    public func stopContinuedTask(identifier: String) -> Bool {
        let stopped = device.handle { $0.stopContinuedTask(identifier: identifier, at: $1) }
        device.settle()
        return stopped
    }

    /// Reads the requests saved in the storage directory before the app first runs; a file that
    /// cannot be read is set aside, and the device starts with none.
    func restorePendingRequests() {
        guard let store = device.storage?.taskRequests.store else { return }
        do {
            let requests = try store.load()
            device.handle { $0.restorePendingTasks(requests, from: store.fileURL.path, at: $1) }
        } catch {
            let aside = store.setAside().map { "; it was moved to \($0.path)" } ?? ""
            device.console.log("BGTaskScheduler: cannot read the pending requests: \(error)\(aside). Starting with none")
            device.handle { $0.restorePendingTasks([], from: store.fileURL.path, at: $1) }
        }
    }
}
