import BackgroundApp
import BackgroundWire
import Foundation
import NewsstandWire

/// The app's Newsstand library, like `NKLibrary.sharedLibrary()`: its issues, their
/// downloads, and the issue being read.
///
/// The library's state is the system's (it outlives the app, and downloads go on without
/// it): this object is the app's client of the system's ``TransferService`` for one launch,
/// and talks to it only by messages (``NewsstandService``), so it works the same with the app in the
/// system's process and in its own (`--isolation process`). It holds the app's ``Issue`` and
/// ``AssetDownload`` objects by the names and identifiers the service gave, and hands their
/// delegates what the service sends.
///
/// Make one per launch, as `sharedLibrary()` is one per process: a second one made in the same
/// launch gets the service's events instead of the first. It returns the same objects for the
/// same names and identifiers. After a launch — above all one with ``LaunchReason/newsstand`` —
/// call ``AssetDownload/download(delegate:)`` again on each of ``downloadingAssets``, as a
/// Newsstand app must: downloads that ended while the app was not running are handed over then.
@AppMain
public final class Library {
    let application: Application
    private let client: ServiceClient<NewsstandService>
    private var issueObjects: [String: Issue] = [:]
    private var assetObjects: [String: AssetDownload] = [:]
    private var changeHandlers: [@AppMain () -> Void] = []

    public init(application: Application) {
        self.application = application
        client = ServiceClient(application: application)
        client.receive { [weak self] event in self?.receive(event) }
    }

    /// The issues, oldest first.
    public var issues: [Issue] {
        (call(.issues, answer: [IssueEntry].self) ?? []).map(issue(for:))
    }

    public func issue(named name: String) -> Issue? {
        issues.first { $0.name == name }
    }

    /// Adds an issue; its name must be unique in the library, and usable as a directory name.
    @discardableResult
    public func addIssue(named name: String, date: Date) throws(LibraryError) -> Issue {
        issue(for: try ask(.addIssue(name: name, date: date), answer: IssueEntry.self))
    }

    /// Removes an issue with its content; its downloads stop.
    public func removeIssue(_ issue: Issue) {
        tell(.removeIssue(name: issue.name))
        forget(issue.name)
    }

    /// Every download of every issue that the app has not been handed yet.
    public var downloadingAssets: [AssetDownload] {
        issues.flatMap(\.downloadingAssets)
    }

    /// The issue the user is reading: low-disk eviction never removes its content.
    public var currentlyReadingIssue: Issue? {
        get { call(.currentlyReading, answer: String.self).flatMap(issue(named:)) }
        set { tell(.setCurrentlyReading(newValue?.name)) }
    }

    /// Calls `handler` when the library changes outside the app's calls: an issue removed by
    /// the system, a download handed over.
    public func onChange(_ handler: @escaping @AppMain () -> Void) {
        changeHandlers.append(handler)
    }

    /// Each issue as `status` and `newsstand list` show it.
    var issueSnapshots: [IssueSnapshot] {
        call(.issueSnapshots, answer: [IssueSnapshot].self) ?? []
    }

    // MARK: Objects

    private func issue(for entry: IssueEntry) -> Issue {
        if let issue = issueObjects[entry.name], issue.date == entry.date { return issue }
        let issue = Issue(entry: entry, library: self)
        issueObjects[entry.name] = issue
        return issue
    }

    func asset(for record: AssetRecord, issue: Issue) -> AssetDownload? {
        if let asset = assetObjects[record.id] { return asset }
        guard let asset = AssetDownload(record: record, issue: issue) else { return nil }
        assetObjects[record.id] = asset
        return asset
    }

    private func forget(_ name: String) {
        issueObjects[name] = nil
        assetObjects = assetObjects.filter { $0.value.issue?.name != name }
    }

    // MARK: Messages

    /// Calls the service; its answer, nil when it gave none or one the library cannot read.
    func call<Answer: Codable & Sendable>(_ call: NewsstandServiceCall, answer: Answer.Type) -> Answer? {
        client.call(call, answer: answer)
    }

    /// Calls the service for a change it may refuse.
    func ask<Value: Codable & Sendable>(_ call: NewsstandServiceCall, answer: Value.Type) throws(LibraryError) -> Value {
        switch self.call(call, answer: LibraryAnswer<Value>.self) {
        case .done(let value)?: return value
        case .refused(let error)?: throw error
        case nil: throw .storage("the system's transfer service did not answer")
        }
    }

    func tell(_ call: NewsstandServiceCall) {
        client.tell(call)
    }

    private func receive(_ event: NewsstandServiceEvent) {
        switch event {
        case .progress(let id, let bytes, let total, let expected):
            if let asset = assetObjects[id], let delegate = asset.delegate {
                delegate.assetDownload(asset, didWriteData: bytes, totalBytesWritten: total, expectedTotalBytes: expected)
            }
            tell(.tookProgress(asset: id))
        case .resumed(let id, let total, let expected):
            guard let asset = assetObjects[id], let delegate = asset.delegate else { return }
            delegate.assetDownload(asset, didResumeDownloading: total, expectedTotalBytes: expected)
        case .finished(let id, let path):
            handOver(id) { asset, delegate in delegate.assetDownload(asset, didFinishDownloading: URL(fileURLWithPath: path)) }
        case .failed(let id, let error):
            handOver(id) { asset, delegate in delegate.assetDownload(asset, didFailWithError: error) }
        case .libraryChanged:
            libraryDidChange()
        }
    }

    /// Hands an ended download to its delegate with `call`, then tells the service: a finished
    /// file exists only during the call.
    private func handOver(_ id: String, _ call: (AssetDownload, any AssetDownloadDelegate) -> Void) {
        guard let asset = assetObjects[id], let delegate = asset.delegate else { return }
        call(asset, delegate)
        tell(.handedOver(asset: id))
        assetObjects[id] = nil
        libraryDidChange()
    }

    private func libraryDidChange() {
        for handler in changeHandlers { handler() }
    }
}
