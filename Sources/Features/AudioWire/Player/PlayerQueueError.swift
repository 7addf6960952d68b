/// Why an item could not be inserted into a ``QueuePlayer``'s queue.
public enum PlayerQueueError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The queue holds ``QueuePlayer/queueLimit`` items already.
    case full(limit: Int)
    /// The item is in the queue already (an item is queued once; make another for a repeat).
    case alreadyQueued(String)
    /// The item to insert after is not in the queue.
    case notQueued(String)

    public var description: String {
        switch self {
        case .full(let limit): "the queue is full (\(limit) items)"
        case .alreadyQueued(let name): "\(name) is in the queue already"
        case .notQueued(let name): "\(name) is not in the queue"
        }
    }
}
