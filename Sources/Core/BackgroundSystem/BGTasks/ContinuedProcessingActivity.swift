import BackgroundWire

/// A continued processing task's Live Activity, as `status` shows it under
/// `continuedProcessingTasks`: what the user sees and can stop.
public struct ContinuedProcessingActivity: Sendable, Equatable, Codable {
    /// Whether it runs, or waits in the queue.
    public enum State: String, Sendable, Codable {
        case running
        case queued
    }

    public var identifier: String
    public var title: String
    public var subtitle: String
    public var state: State
    public var completedUnitCount: Int64
    /// 0 while the app has not said.
    public var totalUnitCount: Int64
    /// From 0 to 1.
    public var fractionCompleted: Double
}
