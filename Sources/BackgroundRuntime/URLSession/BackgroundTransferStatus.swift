/// One background transfer in `status` (`backgroundTransfers`).
public struct BackgroundTransferStatus: Codable, Sendable, Equatable {
    /// The session's identifier.
    public let session: String
    /// The transfer's identifier (`taskIdentifier`).
    public let task: Int
    public let url: String
    public let discretionary: Bool
    public let phase: BackgroundTransferPhase
}
