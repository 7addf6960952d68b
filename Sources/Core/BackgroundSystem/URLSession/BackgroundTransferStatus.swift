import BackgroundWire

/// One background transfer in `status` (`backgroundTransfers`).
public struct BackgroundTransferStatus: Codable, Sendable, Equatable {
    /// The session's identifier.
    public let session: String
    /// The transfer's identifier (`taskIdentifier`).
    public let task: Int
    /// What it downloads.
    public let url: String
    /// Whether the system chooses when it runs (see `BackgroundSessionConfiguration/isDiscretionary`).
    public let discretionary: Bool
    /// Where it stands.
    public let phase: BackgroundTransferPhase
    /// What it resumes from, for a task of `downloadTask(withResumeData:)`.
    public var resume: DownloadResumeData?
}
