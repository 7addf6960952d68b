import BackgroundSystem
import BackgroundWire
import Foundation
import NewsstandWire

/// The library's state, which the system keeps (Newsstand Kit's part): issues, their
/// content directories and their downloads. The app's ``Library`` reads and changes it here by
/// its calls (``NewsstandServiceCall``); the system's commands directly.
extension TransferService {
    /// The issues, oldest date first.
    public func issues() -> [IssueRecord] {
        (try? store.issues()) ?? []
    }

    /// Adds an issue and creates its content directory.
    public func addIssue(named name: String, date: Date) throws(LibraryError) -> IssueRecord {
        if let problem = SafeName.problem(with: name) { throw .invalidName(name, reason: problem) }
        let issue = IssueRecord(name: name, date: date)
        let inserted: Bool
        do {
            inserted = try store.insert(issue)
            try FileManager.default.createDirectory(at: directories.content(ofIssue: name), withIntermediateDirectories: true)
        } catch {
            throw .storage("\(error)")
        }
        guard inserted else { throw .duplicateName(name) }
        return issue
    }

    /// Removes an issue: its downloads stop, its content and partial files are deleted.
    public func removeIssue(named name: String) throws(LibraryError) {
        guard (try? store.issue(named: name)) != nil else { throw .noSuchIssue(name) }
        let assets = (try? store.assets(ofIssue: name)) ?? []
        stop(assets.map(\.id), .removed)
        do {
            try store.removeIssue(named: name)
        } catch {
            throw .storage("\(error)")
        }
        for asset in assets {
            try? FileManager.default.removeItem(at: directories.partFile(ofAsset: asset.id))
            try? FileManager.default.removeItem(at: directories.delivery(ofAsset: asset.id))
        }
        try? FileManager.default.removeItem(at: directories.content(ofIssue: name))
        state.withLock { state in
            for asset in assets {
                state.attached.remove(asset.id)
                state.delivering.remove(asset.id)
            }
        }
        // Rare (the user's doing), so a suspended app may have it when it runs again.
        post(.libraryChanged, whileSuspended: .hold)
    }

    /// Adds a download to an issue; it starts when the app attaches its delegate.
    func addAsset(toIssue name: String, request: DownloadRequest, userInfo: [String: String]) throws(LibraryError) -> AssetRecord {
        let asset = AssetRecord(
            id: UUID().uuidString, issueName: name, url: request.url.absoluteString, headers: request.headers,
            userInfo: userInfo, phase: .downloading, bytesWritten: 0, createdAt: Date())
        do {
            guard try store.issue(named: name) != nil else { throw LibraryError.noSuchIssue(name) }
            try store.insert(asset)
        } catch let error as LibraryError {
            throw error
        } catch {
            throw .storage("\(error)")
        }
        return asset
    }

    /// The downloads of an issue that the app has not been handed yet.
    public func assets(ofIssue name: String) -> [AssetRecord] {
        (try? store.assets(ofIssue: name)) ?? []
    }

    /// The files in an issue's content directory, sorted.
    public func contentFiles(ofIssue name: String) -> [String] {
        let path = directories.content(ofIssue: name).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// `NKIssueContentStatus`: downloading while a download is not handed over, else
    /// available when the content directory holds files. A partial file is never there.
    public func status(ofIssue name: String) -> IssueStatus {
        let assets = assets(ofIssue: name)
        if assets.contains(where: { $0.phase != .failed }) { return .downloading }
        return contentFiles(ofIssue: name).isEmpty ? .none : .available
    }

    /// Each issue as `status` and `newsstand list` show it.
    public func issueSnapshots() -> [IssueSnapshot] {
        issues().map { issue in
            let assets = assets(ofIssue: issue.name)
            let progress = assets.filter { $0.phase != .failed }.compactMap { self.progress(ofAsset: $0.id) }
            let written = progress.reduce(0) { $0 + $1.written }
            let expected = progress.allSatisfy { $0.expected != nil } && !progress.isEmpty
                ? progress.reduce(0) { $0 + ($1.expected ?? 0) } : nil
            return IssueSnapshot(
                name: issue.name, date: issue.date, status: status(ofIssue: issue.name),
                progress: expected.map { $0 > 0 ? Double(written) / Double($0) : 0 },
                bytesWritten: written, expectedBytes: expected,
                files: contentFiles(ofIssue: issue.name),
                error: assets.compactMap(\.error).first?.description)
        }
    }

    /// The issue the user is reading; low-disk eviction never touches it.
    public var currentlyReading: String? {
        get { try? store.currentlyReading() }
        set { try? store.setCurrentlyReading(newValue) }
    }
}
