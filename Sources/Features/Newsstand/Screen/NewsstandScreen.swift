import BackgroundApp
import BackgroundWire
import Foundation
import NewsstandWire

/// The Newsstand tab of the 2013 tutorial (TBFourthViewController): a URL field, a progress
/// bar, and a web view that shows the downloaded issue.
///
/// Return in the URL field removes every issue, adds one named "test" and downloads the URL
/// into it. While the app runs in the background the progress goes to the console
/// (`App is backgrounded. Progress = 0.4`, at most once a second) — under a debugger, as in the
/// tutorial run from Xcode; on a device the app is suspended during the download and gets no
/// progress. When the download ends in the background the app is woken (or launched) for
/// `App is backgrounded. Download finished`; when it becomes active again a finished download
/// is shown (the tutorial's appBecameActive fix).
///
/// It talks to the system only through its ``Library`` (messages to the transfer service) and
/// the `Application`; the command line's and the web UI's `newsstand download` reach it as a
/// tap (``downloadTap``).
@AppMain
public final class NewsstandScreen: AssetDownloadDelegate {
    /// The issue's name, as in the tutorial.
    public nonisolated static let issueName = "test"
    /// The tap of `newsstand download`: Return in the URL field, with the URL as its word if given.
    public nonisolated static let downloadTap = "newsstand download"

    public let library: Library
    /// The text of the URL field.
    public var urlText: String
    public private(set) var currentIssue: Issue?
    private let application: Application
    private var issueFilename: String?
    private var progress: Double = 0
    private var isProgressHidden = true
    private var isWebViewHidden = true
    private var error: String?
    private var lastBackgroundLog: Date?
    private var lastProgressPublish: Date?

    /// Makes the screen at a launch; downloads of an earlier launch are picked up again.
    public init(application: Application, defaultURL: String) {
        self.application = application
        library = Library(application: application)
        urlText = defaultURL
        application.addObserver(for: .didBecomeActive) { [weak self] in self?.appBecameActive() }
        library.onChange { [weak self] in self?.publish() }
        application.handleTaps(named: Self.downloadTap) { [weak self] words throws(AppCommandRefusal) in
            do throws(LibraryError) {
                try self?.textFieldShouldReturn(words.first)
                return nil
            } catch {
                throw AppCommandRefusal(error.description)
            }
        }
        reconnect()
        publish()
    }

    /// What a Newsstand app does at launch: reconnect to the downloads the system kept, or
    /// show the issue already downloaded.
    private func reconnect() {
        let downloading = library.downloadingAssets
        if let first = downloading.first {
            currentIssue = first.issue
            isProgressHidden = false
            for asset in downloading { asset.download(delegate: self) }
        } else if let issue = library.issues.last(where: { $0.status == .available }) {
            currentIssue = issue
            issueFilename = (try? FileManager.default.contentsOfDirectory(atPath: issue.contentURL.path))?.sorted().first
            updateWebView()
        }
    }

    /// Return in the URL field (textFieldShouldReturn): start downloading `url`, or the field's text.
    public func textFieldShouldReturn(_ url: String? = nil) throws(LibraryError) {
        if let url { urlText = url }
        error = nil
        do {
            let request = try DownloadRequest(parsing: urlText)
            isWebViewHidden = true
            progress = 0
            isProgressHidden = false
            for issue in library.issues { library.removeIssue(issue) }
            let issue = try library.addIssue(named: Self.issueName, date: Date())
            currentIssue = issue
            issueFilename = nil
            let assetDownload = try issue.addAsset(with: request)
            assetDownload.download(delegate: self)
            publish()
        } catch {
            self.error = error.description
            publish()
            throw error
        }
    }

    // MARK: AssetDownloadDelegate

    public func assetDownload(
        _ download: AssetDownload, didWriteData bytesWritten: Int64, totalBytesWritten: Int64, expectedTotalBytes: Int64?
    ) {
        guard let expectedTotalBytes, expectedTotalBytes > 0 else { return }
        let progress = Double(totalBytesWritten) / Double(expectedTotalBytes)
        let now = application.date
        if application.applicationState == .active {
            self.progress = progress
        } else if lastBackgroundLog.map({ now.timeIntervalSince($0) >= 1 }) ?? true {
            lastBackgroundLog = now
            application.logger.info("App is backgrounded. Progress = \(String(format: "%.1f", progress))")
        }
        if lastProgressPublish.map({ now.timeIntervalSince($0) >= 0.1 }) ?? true {
            lastProgressPublish = now
            publish()
        }
    }

    public func assetDownload(_ download: AssetDownload, didResumeDownloading totalBytesWritten: Int64, expectedTotalBytes: Int64?) {
        if let expectedTotalBytes, expectedTotalBytes > 0 {
            progress = Double(totalBytesWritten) / Double(expectedTotalBytes)
        }
        publish()
    }

    public func assetDownload(_ download: AssetDownload, didFinishDownloading destinationURL: URL) {
        guard let issue = download.issue else { return }
        issueFilename = destinationURL.lastPathComponent
        let fileURL = issue.contentURL.appendingPathComponent(destinationURL.lastPathComponent)
        try? FileManager.default.removeItem(at: fileURL)
        try? FileManager.default.moveItem(at: destinationURL, to: fileURL)
        progress = 1
        if application.applicationState == .active {
            updateWebView()
        } else {
            application.logger.info("App is backgrounded. Download finished")
        }
        publish()
    }

    public func assetDownload(_ download: AssetDownload, didFailWithError error: TransferError) {
        self.error = error.description
        isProgressHidden = true
        application.logger.info("Download failed: \(error)")
        publish()
    }

    // MARK: The tutorial's helpers

    private func updateWebView() {
        isWebViewHidden = false
        isProgressHidden = true
        publish()
    }

    private func appBecameActive() {
        if let currentIssue, currentIssue.downloadingAssets.isEmpty, isWebViewHidden, issueFilename != nil {
            updateWebView()
        }
    }

    // MARK: Snapshot

    /// The document the web view shows, when it is shown.
    public var documentPath: String? {
        guard !isWebViewHidden, let currentIssue, let issueFilename else { return nil }
        return currentIssue.contentURL.appendingPathComponent(issueFilename).path
    }

    public var snapshot: NewsstandSnapshot {
        NewsstandSnapshot(
            url: urlText,
            progress: isProgressHidden ? nil : progress,
            documentPath: documentPath,
            currentIssue: currentIssue?.name,
            issues: library.issueSnapshots,
            error: error)
    }

    private func publish() {
        application.publish(snapshot, for: .newsstand)
    }
}
