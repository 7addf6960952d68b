import BackgroundApp
import BackgroundWire
import Foundation
import NewsstandWire

/// An issue of the library, like `NKIssue`: a unique name, a date, a content directory
/// inside the data directory, and its downloads.
@AppMain
public final class Issue {
    public let name: String
    public let date: Date
    /// Where the app puts the issue's files (the delegate moves each download here).
    public let contentURL: URL
    weak var library: Library?

    init(entry: IssueEntry, library: Library) {
        name = entry.name
        date = entry.date
        contentURL = URL(fileURLWithPath: entry.contentPath, isDirectory: true)
        self.library = library
    }

    /// none, downloading or available.
    public var status: IssueStatus {
        library?.call(.status(issue: name), answer: IssueStatus.self) ?? .none
    }

    /// The downloads of this issue that the app has not been handed yet.
    public var downloadingAssets: [AssetDownload] {
        guard let library else { return [] }
        return (library.call(.assets(issue: name), answer: [AssetRecord].self) ?? []).compactMap {
            library.asset(for: $0, issue: self)
        }
    }

    /// Adds a download of `request` to the issue; start it with ``AssetDownload/download(delegate:)``.
    public func addAsset(with request: DownloadRequest, userInfo: [String: String] = [:]) throws(LibraryError) -> AssetDownload {
        guard let library else { throw .noSuchIssue(name) }
        let record = try library.ask(.addAsset(issue: name, request: request, userInfo: userInfo), answer: AssetRecord.self)
        guard let asset = library.asset(for: record, issue: self) else { throw .invalidRequest("\(record.url) is not a URL") }
        return asset
    }
}
