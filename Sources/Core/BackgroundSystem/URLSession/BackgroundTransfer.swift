import BackgroundWire
import Foundation

/// One transfer of a background session, as the system keeps it: by identifier, never the app's
/// task object.
struct BackgroundTransfer: Codable, Sendable, Equatable {
    let id: Int
    let session: String
    let url: String
    /// Whether the system chooses when it runs: its session's `isDiscretionary`, or it was
    /// created while the app was in the background.
    let isDiscretionary: Bool
    /// The task's `earliestBeginDate`: the system does not start it before this wall-clock date.
    var earliestBeginDate: Date?
    /// How many bytes the task says it sends and receives at most (its
    /// `countOfBytesClientExpectsToSend` and `…ToReceive`, iOS 11); nil when it says nothing.
    var expectedBytes: Int64?
    var phase: BackgroundTransferPhase
    /// What it resumes from, for a task of `downloadTask(withResumeData:)`.
    var resume: DownloadResumeData?
    /// How it ended, once it has.
    var end: BackgroundTransferEvent?
}
