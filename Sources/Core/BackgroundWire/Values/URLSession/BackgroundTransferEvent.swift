/// How one background transfer ended, as a value: what the system's transfer service tells the
/// system (`Device/endTransfer(_:)`) and what the session's delegate is told.
public enum BackgroundTransferEvent: Codable, Sendable, Equatable {
    /// Every byte of transfer `task` is in the file at `location`
    /// (`urlSession(_:downloadTask:didFinishDownloadingTo:)`, then `didCompleteWithError` nil).
    case finished(task: Int, location: String)
    /// Transfer `task` failed (`urlSession(_:task:didCompleteWithError:)`).
    case failed(task: Int, BackgroundTransferError)

    /// The transfer's identifier.
    public var task: Int {
        switch self {
        case .finished(let task, _), .failed(let task, _): task
        }
    }
}
