/// Continued processing tasks (iOS 26) from outside the app; the rules are in
/// `SystemStateMachine+ContinuedProcessing.swift`.
extension Device {
    /// The Live Activities of the continued processing tasks: running first, then queued.
    public var continuedProcessingActivities: [ContinuedProcessingActivity] {
        read { $0.continuedProcessingActivities }
    }

    /// The user taps Stop in the Live Activity of the task with `identifier`: its expiration
    /// handler is called. Returns false if no such task runs.
    @discardableResult
    public func stopContinuedTask(identifier: String) -> Bool {
        let stopped = handle { $0.stopContinuedTask(identifier: identifier, at: $1) }
        settle()
        return stopped
    }
}
