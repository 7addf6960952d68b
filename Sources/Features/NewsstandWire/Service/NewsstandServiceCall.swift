import BackgroundWire
import Foundation

/// A call of the app's ``Library`` to the system's ``TransferService`` (``NewsstandService``).
/// Downloads and issues are named by the names and identifiers the service gave.
package enum NewsstandServiceCall: Codable, Sendable, Equatable {
    /// Answered with the issues, oldest first (`[IssueEntry]`).
    case issues
    /// Answered with `LibraryAnswer<IssueEntry>`.
    case addIssue(name: String, date: Date)
    /// Answered with the ``LibraryError`` that refused it, or nothing.
    case removeIssue(name: String)
    /// Answered with the issue's ``IssueStatus``.
    case status(issue: String)
    /// Answered with the issue's downloads not handed over yet (`[AssetRecord]`).
    case assets(issue: String)
    /// Answered with `LibraryAnswer<AssetRecord>`: the new download, which starts at ``download(asset:)``.
    case addAsset(issue: String, request: DownloadRequest, userInfo: [String: String])
    /// The app's delegate waits for download `asset`: it starts, or goes on, or what ended is handed over.
    case download(asset: String)
    /// The app took a ``NewsstandServiceEvent/progress(asset:bytes:total:expected:)`` of `asset`:
    /// the next one may come.
    case tookProgress(asset: String)
    /// The app's delegate was handed the end of `asset`: the service forgets it.
    case handedOver(asset: String)
    /// Answered with the name of the issue being read, or nothing.
    case currentlyReading
    case setCurrentlyReading(String?)
    /// Answered with each issue as `status` shows it (`[IssueSnapshot]`).
    case issueSnapshots
}
