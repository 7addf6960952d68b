import BackgroundRuntime

/// Where the Whatever tab's continued computation stands, as `status` shows it under
/// `screens.whatever.computation`.
public struct ComputationSnapshot: Sendable, Equatable, Encodable {
    /// The computation's course.
    public enum State: String, Sendable, Codable {
        /// Submitted, waiting for the system to start it.
        case queued
        case running
        /// All its numbers computed.
        case done
        /// Expired: the user stopped it, or the system did.
        case stopped
        /// The system refused the request.
        case refused

        /// Whether it is submitted and not over.
        public var isUnderway: Bool { self == .queued || self == .running }
    }

    /// The task's identifier; nil if it was refused before one was given.
    @ExplicitNull public var identifier: String?
    /// How many numbers it computes.
    public var count: Int
    /// How many it has computed.
    public var position: Int
    /// The latest number, in decimal; empty before the first.
    public var value: String
    public var state: State
    /// Why it was refused, else nil.
    @ExplicitNull public var reason: String?

    public init(identifier: String?, count: Int, position: Int, value: String, state: State, reason: String? = nil) {
        self.identifier = identifier
        self.count = count
        self.position = position
        self.value = value
        self.state = state
        self.reason = reason
    }
}
