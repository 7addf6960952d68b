import BackgroundRuntime
import BackgrounderHost

/// A small sync app: in the background it works through its download queue under a background
/// task assertion, one file a second; it asks for a `BGProcessingTask` that compacts its store
/// while the device charges; and it checks for news in background fetches.
///
/// Marked `@main`, it is the app: `swift run Sync` runs it on Backgrounder with twenty files to
/// download and the web UI on http://127.0.0.1:8080, `swift run Sync run --headless` with
/// commands on standard input.
@main
@AppMain
public final class SyncApp: ApplicationDelegate {
    /// The identifier of the compaction task (the Info.plist's permitted identifier).
    public nonisolated static let compactTask = "com.example.sync.compact"

    /// The app's Info.plist: the `fetch` and `processing` modes and the compaction task.
    public nonisolated static let infoPlist = InfoPlist(
        bundleName: "Sync", bundleIdentifier: "com.example.sync", backgroundModes: [.fetch, .processing], permittedTaskIdentifiers: [compactTask])

    let application: Application
    let bugs: SyncBugs
    /// The files still to download, first first.
    public private(set) var queue: [String]
    /// The files downloaded, in order.
    public private(set) var downloaded: [String] = []
    private var assertion = BackgroundTaskIdentifier.invalid
    private var timer: AppTimer?

    /// The app on Backgrounder's host: each launch makes its delegate with twenty files to
    /// download. On the main actor, as `main` is.
    @MainActor
    static func main() async {
        await AppHost.main(infoPlist: { infoPlist }) { application in
            SyncApp(application: application, downloads: (1...20).map { "file-\($0).dat" })
        }
    }

    public init(application: Application, downloads: [String], bugs: SyncBugs = []) {
        self.application = application
        queue = downloads
        self.bugs = bugs
    }

    public func applicationDidFinishLaunching(_ application: Application) {
        publish()
        application.taskScheduler?.register(forTaskWithIdentifier: Self.compactTask) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            application.logger.info("Compacted the store")
            task.setTaskCompleted(success: true)
        }
    }

    public func applicationDidEnterBackground(_ application: Application) {
        startDownloads()
        var compact = ProcessingTaskRequest(identifier: Self.compactTask)
        compact.requiresExternalPower = true
        do {
            try application.taskScheduler?.submit(compact)
        } catch {
            application.logger.info("Cannot ask for the compaction: \(error)")
        }
    }

    public func application(
        _ application: Application, performFetchWithCompletionHandler completionHandler: @escaping BackgroundFetchCompletion
    ) {
        application.logger.info("Checked for news")
        if !bugs.contains(.forgetFetchCompletion) { completionHandler(.newData) }
    }

    // MARK: The download queue

    private func startDownloads() {
        guard !queue.isEmpty, assertion == .invalid else { return }
        assertion = application.beginBackgroundTask(withName: "downloads") { [weak self] in self?.expire() }
        timer = application.scheduledTimer(withTimeInterval: .seconds(1), repeats: true) { [weak self] _ in
            self?.downloadNext()
        }
    }

    private func downloadNext() {
        guard !queue.isEmpty else { return }
        let file = queue.removeFirst()
        downloaded.append(file)
        publish()
        application.logger.info("Downloaded \(file)")
        if queue.isEmpty { stopDownloads() }
    }

    /// Shows the queue on the app's screen: `status`'s `screens.sync`, JSON in the web UI.
    private func publish() {
        application.publish(SyncSnapshot(queue: queue, downloaded: downloaded), for: .sync)
    }

    /// The expiration handler: the time is up, the rest waits for the next time.
    private func expire() {
        if bugs.contains(.workAfterExpiration) || bugs.contains(.leakAssertion) { return }
        stopDownloads()
    }

    private func stopDownloads() {
        timer?.invalidate()
        timer = nil
        guard !bugs.contains(.leakAssertion), assertion != .invalid else { return }
        application.endBackgroundTask(assertion)
        assertion = .invalid
    }
}
