import BackgroundApp
import BackgroundWire
import Foundation
import NewsstandWire

/// One file of an issue being downloaded, like `NKAssetDownload`: an identifier, the
/// request, and user info; the system's transfer service does the work and the ``Library``
/// tells the delegate.
@AppMain
public final class AssetDownload {
    /// The identifier the system's transfer service gave the download.
    public let identifier: String
    public let request: DownloadRequest
    public let userInfo: [String: String]
    public private(set) weak var issue: Issue?
    /// The delegate given to ``download(delegate:)``, kept until the download is handed over.
    public private(set) var delegate: (any AssetDownloadDelegate)?

    /// Nil when the record's URL is not one.
    init?(record: AssetRecord, issue: Issue) {
        guard let url = URL(string: record.url) else { return nil }
        identifier = record.id
        request = DownloadRequest(url: url, headers: record.headers)
        userInfo = record.userInfo
        self.issue = issue
    }

    /// Starts the download, or — after a relaunch — reconnects to it: progress goes on from
    /// where the service is, and a download that ended while nobody listened is handed over.
    public func download(delegate: any AssetDownloadDelegate) {
        self.delegate = delegate
        issue?.library?.tell(.download(asset: identifier))
    }
}
