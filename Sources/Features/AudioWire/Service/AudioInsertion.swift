/// The service's answer to ``AudioServiceCall/insert(url:item:after:)``; the app names the
/// items in its ``PlayerQueueError``.
package enum AudioInsertion: Codable, Sendable, Equatable {
    /// Queued under number `id`.
    case inserted(id: Int)
    /// The queue holds `limit` items already.
    case full(limit: Int)
    /// The item is in the queue already.
    case alreadyQueued
    /// The item to insert after is not in the queue.
    case notQueued
}
