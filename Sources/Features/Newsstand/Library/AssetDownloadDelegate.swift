import BackgroundApp
import Foundation
import NewsstandWire

/// What an ``AssetDownload`` tells the app, like `NSURLConnectionDownloadDelegate`. Every
/// call comes on the app's main executor, only while the app's code can run.
@AppMain
public protocol AssetDownloadDelegate: AnyObject {
    /// More bytes reached the disk. Calls coalesce: `bytesWritten` counts every byte since the
    /// previous call. `expectedTotalBytes` is nil when the server gave no length.
    func assetDownload(
        _ download: AssetDownload, didWriteData bytesWritten: Int64, totalBytesWritten: Int64, expectedTotalBytes: Int64?)
    /// A download goes on from `totalBytesWritten` after an interruption (a kill, a retry).
    func assetDownload(_ download: AssetDownload, didResumeDownloading totalBytesWritten: Int64, expectedTotalBytes: Int64?)
    /// Every byte is there. The file at `destinationURL` exists only during this call: move it
    /// into the issue's ``Issue/contentURL``.
    func assetDownload(_ download: AssetDownload, didFinishDownloading destinationURL: URL)
    /// The download ended with `error`; nothing was left in the directory.
    func assetDownload(_ download: AssetDownload, didFailWithError error: TransferError)
}

extension AssetDownloadDelegate {
    public func assetDownload(
        _ download: AssetDownload, didWriteData bytesWritten: Int64, totalBytesWritten: Int64, expectedTotalBytes: Int64?
    ) {}
    public func assetDownload(_ download: AssetDownload, didResumeDownloading totalBytesWritten: Int64, expectedTotalBytes: Int64?) {}
    public func assetDownload(_ download: AssetDownload, didFailWithError error: TransferError) {}
}
