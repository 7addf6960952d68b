extension AVPlayerItem {
    /// Whether an item can be played (`AVPlayerItem.Status`).
    public enum Status: Int, Sendable {
        case unknown = 0
        case readyToPlay = 1
        case failed = 2
    }
}
