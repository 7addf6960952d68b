import BackgroundRuntime
import Foundation

/// One file of an issue being downloaded, like `NKAssetDownload`: an identifier, the
/// request, and user info; the transfer service does the work and tells the delegate.
@AppMain
public final class AssetDownload {
    public let identifier: String
    public let request: DownloadRequest
    public let userInfo: [String: String]
    public private(set) weak var issue: Issue?
    /// The delegate given to ``download(delegate:)``, kept until the download is handed over.
    public private(set) var delegate: (any AssetDownloadDelegate)?

    init(record: AssetRecord, issue: Issue) {
        identifier = record.id
        request = DownloadRequest(url: URL(string: record.url)!, headers: record.headers)
        userInfo = record.userInfo
        self.issue = issue
    }

    /// Starts the download, or — after a relaunch — reconnects to it: progress goes on from
    /// where the service is, and a download that ended while nobody listened is handed over.
    public func download(delegate: any AssetDownloadDelegate) {
        self.delegate = delegate
        issue?.library?.service.attachDelegate(toAsset: identifier)
    }
}
