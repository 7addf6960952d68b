
/// Where an asset download stands, as the transfer service persists it.
public enum AssetPhase: String, Codable, Sendable, Equatable {
    /// Bytes are still to come; the service resumes it at each start.
    case downloading
    /// Every byte is on disk; the file waits to be handed to the app's delegate.
    case finished
    /// It ended with an error that waits to be handed to the app's delegate.
    case failed
}
