import BackgroundRuntime
import Foundation

/// An issue of the library, like `NKIssue`: a unique name, a date, a content directory
/// inside the data directory, and its downloads.
@AppMain
public final class Issue {
    public let name: String
    public let date: Date
    /// Where the app puts the issue's files (the delegate moves each download here).
    public let contentURL: URL
    weak var library: Library?

    init(record: IssueRecord, library: Library) {
        name = record.name
        date = record.date
        contentURL = library.service.directories.content(ofIssue: record.name)
        self.library = library
    }

    /// none, downloading or available.
    public var status: IssueStatus {
        library?.service.status(ofIssue: name) ?? .none
    }

    /// The downloads of this issue that the app has not been handed yet.
    public var downloadingAssets: [AssetDownload] {
        guard let library else { return [] }
        return library.service.assets(ofIssue: name).map { library.asset(for: $0, issue: self) }
    }

    /// Adds a download of `request` to the issue; start it with ``AssetDownload/download(delegate:)``.
    public func addAsset(with request: DownloadRequest, userInfo: [String: String] = [:]) throws(LibraryError) -> AssetDownload {
        guard let library else { throw .noSuchIssue(name) }
        let record = try library.service.addAsset(toIssue: name, request: request, userInfo: userInfo)
        return library.asset(for: record, issue: self)
    }
}
