import BackgroundRuntime
import Foundation
import Newsstand
import NewsstandWire
import Synchronization
import TestSupport
import TheBackgrounder

/// What a delegate heard, readable from the test's thread.
final class DownloadLog: Sendable {
    private let entries = Mutex<[String]>([])

    func append(_ entry: String) { entries.withLock { $0.append(entry) } }

    var all: [String] { entries.withLock { $0 } }

    /// Each progress call: the bytes it reported and the total on disk.
    var progress: [(bytes: Int64, total: Int64)] {
        all.compactMap { entry in
            guard let match = entry.wholeMatch(of: #/progress \+(\d+) = (\d+)/#) else { return nil }
            return (Int64(match.1)!, Int64(match.2)!)
        }
    }

    /// How the download ended: its finish, its failure, or its refusal.
    var outcome: String? { all.last { $0.hasPrefix("finish") || $0.hasPrefix("fail") || $0.hasPrefix("refused") } }
}

/// A delegate that moves the file into the issue, as the tutorial does, and logs each call.
@AppMain
final class RecordingDownloadDelegate: AssetDownloadDelegate {
    let log: DownloadLog

    init(log: DownloadLog) {
        self.log = log
    }

    func assetDownload(_ download: AssetDownload, didWriteData bytesWritten: Int64, totalBytesWritten: Int64, expectedTotalBytes: Int64?) {
        log.append("progress +\(bytesWritten) = \(totalBytesWritten)")
    }

    func assetDownload(_ download: AssetDownload, didResumeDownloading totalBytesWritten: Int64, expectedTotalBytes: Int64?) {
        log.append("resume \(totalBytesWritten)")
    }

    func assetDownload(_ download: AssetDownload, didFinishDownloading destinationURL: URL) {
        guard let issue = download.issue else { return }
        try? FileManager.default.moveItem(
            at: destinationURL, to: issue.contentURL.appendingPathComponent(destinationURL.lastPathComponent))
        log.append("finish \(destinationURL.lastPathComponent)")
    }

    func assetDownload(_ download: AssetDownload, didFailWithError error: TransferError) {
        log.append("fail \(error)")
    }
}

extension Backgrounder {
    /// Adds issue `name` dated `date` and downloads `url` into it with a recording delegate.
    func download(_ url: String, into name: String, date: Date = Date(), log: DownloadLog) {
        _ = testDevice.perform { application in
            let library = Library(application: application)
            let delegate = RecordingDownloadDelegate(log: log)
            do {
                let issue = try library.addIssue(named: name, date: date)
                let asset = try issue.addAsset(with: DownloadRequest(url: URL(string: url)!))
                asset.download(delegate: delegate)
            } catch {
                log.append("refused \(error)")
            }
            // The library and the delegate live as long as the test's app does.
            Retainer.keep(library, delegate)
        }
    }
}

/// Keeps app objects alive for a test (the app's screens would own them).
@AppMain
enum Retainer {
    private static var objects: [AnyObject] = []

    static func keep(_ items: AnyObject...) {
        objects += items
    }
}
