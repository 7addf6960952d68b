/// Whether an item can be played, like `AVPlayerItem.Status`.
public enum PlayerItemStatus: Sendable, Equatable, Codable {
    /// Not opened yet.
    case unknown
    /// Opened and decodable; its duration is known if the format tells it.
    case readyToPlay
    /// It cannot be played; the queue went on without it.
    case failed(PlayerItemError)
}
