import BackgroundRuntime
import Foundation

/// The app's Newsstand library, like `NKLibrary.sharedLibrary()`: its issues, their
/// downloads, and the issue being read.
///
/// The library's state is the system's (it outlives the app, and downloads go on without
/// it); this object is the app's view of it for one launch, and hands the app's delegates
/// what the ``TransferService`` reports. Make one per launch; it returns the same ``Issue``
/// and ``AssetDownload`` objects for the same names and identifiers.
///
/// After a launch — above all one with ``LaunchReason/newsstand`` — call
/// ``AssetDownload/download(delegate:)`` again on each of ``downloadingAssets``, as a
/// Newsstand app must: downloads that ended while the app was not running are handed over then.
@AppMain
public final class Library {
    public let service: TransferService
    weak var application: Application?
    private var issueObjects: [String: Issue] = [:]
    private var assetObjects: [String: AssetDownload] = [:]
    private var changeHandlers: [@AppMain () -> Void] = []

    public init(application: Application, service: TransferService) {
        self.application = application
        self.service = service
        service.attach(self)
    }

    /// The issues, oldest first.
    public var issues: [Issue] {
        service.issues().map(issue(for:))
    }

    public func issue(named name: String) -> Issue? {
        issues.first { $0.name == name }
    }

    /// Adds an issue; its name must be unique in the library, and usable as a directory name.
    @discardableResult
    public func addIssue(named name: String, date: Date) throws(LibraryError) -> Issue {
        issue(for: try service.addIssue(named: name, date: date))
    }

    /// Removes an issue with its content; its downloads stop.
    public func removeIssue(_ issue: Issue) {
        try? service.removeIssue(named: issue.name)
        forget(issue.name)
    }

    /// Every download of every issue that the app has not been handed yet.
    public var downloadingAssets: [AssetDownload] {
        issues.flatMap(\.downloadingAssets)
    }

    /// The issue the user is reading: low-disk eviction never removes its content.
    public var currentlyReadingIssue: Issue? {
        get { service.currentlyReading.flatMap(issue(named:)) }
        set { service.currentlyReading = newValue?.name }
    }

    /// Calls `handler` when the library changes outside the app's calls: an issue removed by
    /// the system, a download handed over.
    public func onChange(_ handler: @escaping @AppMain () -> Void) {
        changeHandlers.append(handler)
    }

    // MARK: Objects

    func issue(for record: IssueRecord) -> Issue {
        if let issue = issueObjects[record.name], issue.date == record.date { return issue }
        let issue = Issue(record: record, library: self)
        issueObjects[record.name] = issue
        return issue
    }

    func asset(for record: AssetRecord, issue: Issue) -> AssetDownload {
        if let asset = assetObjects[record.id] { return asset }
        let asset = AssetDownload(record: record, issue: issue)
        assetObjects[record.id] = asset
        return asset
    }

    private func forget(_ name: String) {
        issueObjects[name] = nil
        assetObjects = assetObjects.filter { $0.value.issue?.name != name }
    }

    // MARK: Deliveries from the transfer service

    func receiveProgress(ofAsset id: String) {
        guard let progress = service.takeProgress(ofAsset: id), let asset = assetObjects[id], let delegate = asset.delegate
        else { return }
        delegate.assetDownload(
            asset, didWriteData: progress.bytes, totalBytesWritten: progress.total, expectedTotalBytes: progress.expected)
    }

    func receiveResume(ofAsset id: String, totalBytesWritten: Int64, expectedTotalBytes: Int64?) {
        guard let asset = assetObjects[id], let delegate = asset.delegate else { return }
        delegate.assetDownload(asset, didResumeDownloading: totalBytesWritten, expectedTotalBytes: expectedTotalBytes)
    }

    /// Hands an ended download to its delegate: the file exists only during the call.
    func deliverCompletion(ofAsset id: String) {
        guard let asset = assetObjects[id], let delegate = asset.delegate,
            let completion = service.prepareCompletion(ofAsset: id)
        else { return }
        switch completion {
        case .finished(let url):
            delegate.assetDownload(asset, didFinishDownloading: url)
        case .failed(let error):
            delegate.assetDownload(asset, didFailWithError: error)
        }
        service.completeDelivery(ofAsset: id)
        assetObjects[id] = nil
        libraryDidChange()
    }

    func libraryDidChange() {
        for handler in changeHandlers { handler() }
    }
}
