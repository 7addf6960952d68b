import BackgroundRuntime
import Foundation
import Newsstand
import NewsstandWire
import VoIP
import VoIPWire

/// A user's app whose own thread counts as fast as it can from launch on, for the tests of
/// `--isolation process`: frozen by the kernel, the thread makes no progress while the app is
/// suspended. At launch it also asks for a VoIP keep-alive handler and logs the answer, and,
/// when `SPINNER_VOIP_PORT` names a port of 127.0.0.1, keeps a VoIP socket to it there that
/// answers each `ping` with `pong` — woken for it while suspended, in the eras that do. When
/// `SPINNER_BACKGROUND_MB` is a number, it takes that many megabytes when it enters the
/// background (inside a background task), to go over a memory limit. It registers for remote
/// notifications, and answers a background push with a local notification. When
/// `SPINNER_ISSUE_URL` is a URL, it is a Newsstand app that downloads it into issue "spin" —
/// or, launched again, reconnects to that download — and moves the file into the issue. When
/// `SPINNER_PROTECTED_FILE` names a file, it writes it with complete protection at launch and,
/// told that protected data will become unavailable, tries to read it 12 s later inside a
/// background task, and logs what it got. With a scene manifest in its Info.plist
/// (`--info-plist`) its ``SpinnerSceneDelegate`` logs the scene's life cycle. When
/// `SPINNER_SESSION_URL` is a URL, it hands a download of it to the system in background
/// session "spin" at launch, and answers handleEventsForBackgroundURLSession through
/// ``SpinnerSessionDelegate``.
@AppMain
final class SpinnerApp: ApplicationDelegate, AssetDownloadDelegate {
    nonisolated static let infoPlist = InfoPlist(
        bundleName: "Spinner", bundleIdentifier: "com.example.spinner",
        backgroundModes: [.voip, .remoteNotification, .newsstandContent], isNewsstandApp: true)

    /// Marks the main dispatch queue, so that code can tell whether it runs there.
    nonisolated static let mainQueueKey = DispatchSpecificKey<Bool>()

    let application: Application
    private let socket: VoIPSocket
    private var library: Library?
    private var ballast: [UInt8] = []
    private let sessionDelegate: SpinnerSessionDelegate
    private var session: BackgroundURLSession?

    init(application: Application) {
        self.application = application
        socket = VoIPSocket(application: application)
        sessionDelegate = SpinnerSessionDelegate(application: application)
    }

    func applicationDidFinishLaunching(_ application: Application) {
        // In its own process the app's code runs on the main queue, where blocks given to it and
        // @MainActor code run too, one at a time with it.
        DispatchQueue.main.setSpecific(key: Self.mainQueueKey, value: true)
        let onMainQueue = DispatchQueue.getSpecific(key: Self.mainQueueKey) ?? false
        DispatchQueue.main.async {
            let blockOnMainQueue = DispatchQueue.getSpecific(key: Self.mainQueueKey) ?? false
            Application.current?.logger.info("Main queue: app code on it \(onMainQueue), block too \(blockOnMainQueue)")
        }
        Task { @MainActor in
            Application.current?.logger.info("Main actor: on the main queue \(DispatchQueue.getSpecific(key: Self.mainQueueKey) ?? false)")
        }
        Thread {
            // In the app's own process, a thread of its own finds the app as code on any thread
            // of an iOS app does.
            Application.current?.logger.info("Spinning on a thread of its own: \(Application.current == nil ? "no app" : "the app")")
            // At the lowest priority: it proves a point, and the tests beside it need the CPU.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(ThreadUsage.currentThreadID), 19)
            var count = 0
            while true { count &+= 1 }
        }.start()
        application.publish(SpinnerSnapshot(spinning: true), for: .spinner)
        application.registerForRemoteNotifications()
        application.logger.info("Notifications allowed: \(application.requestNotificationAuthorization())")
        do {
            try application.setKeepAliveTimeout(.seconds(600)) {}
            application.logger.info("Keep-alive handler set")
        } catch {
            application.logger.info("Keep-alive handler refused: \(error)")
        }
        if let port = ProcessInfo.processInfo.environment["SPINNER_VOIP_PORT"],
            let endpoint = try? VoIPEndpoint(host: "127.0.0.1", port: port)
        {
            socket.connect(to: endpoint) { [weak self] event in self?.handle(event) }
        }
        if let url = ProcessInfo.processInfo.environment["SPINNER_ISSUE_URL"] { download(url) }
        if let url = ProcessInfo.processInfo.environment["SPINNER_SESSION_URL"].flatMap(URL.init(string:)) {
            session = application.backgroundSession(configuration: .background(withIdentifier: "spin"), delegate: sessionDelegate)
            if let task = session?.downloadTask(with: url) { application.logger.info("Background transfer \(task) handed to the system") }
        }
        if let name = protectedFile {
            do {
                try application.write(Data("spin".utf8), toFile: name, protection: .complete)
                application.logger.info("Protected file written: \(name)")
            } catch {
                application.logger.info("Protected file not written: \(error)")
            }
        }
    }

    private var protectedFile: String? { ProcessInfo.processInfo.environment["SPINNER_PROTECTED_FILE"] }

    func applicationProtectedDataWillBecomeUnavailable(_ application: Application) {
        application.logger.info("Protected data will become unavailable; available now: \(application.isProtectedDataAvailable)")
        guard let name = protectedFile else { return }
        let task = application.beginBackgroundTask(withName: "locked read")
        _ = application.scheduledTimer(withTimeInterval: .seconds(12), repeats: false) { _ in
            do {
                let data = try application.contents(ofFile: name)
                application.logger.info("Locked read: \(data.count) bytes (pid \(getpid()))")
            } catch {
                application.logger.info("Locked read failed: \(error) (pid \(getpid()))")
            }
            application.endBackgroundTask(task)
        }
    }

    func application(_ application: Application, delegateForConnecting session: SceneSession) -> (any SceneDelegate)? {
        SpinnerSceneDelegate(application: application)
    }

    func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @AppMain @Sendable () -> Void
    ) {
        application.logger.info("handleEventsForBackgroundURLSession(\(identifier)) (pid \(getpid()))")
        sessionDelegate.completionHandler = completionHandler
    }

    func applicationProtectedDataDidBecomeAvailable(_ application: Application) {
        application.logger.info("Protected data available again: \(application.isProtectedDataAvailable)")
    }

    func application(_ application: Application, didRegisterForRemoteNotificationsWithDeviceToken token: PushToken) {
        application.logger.info("Push token: \(token)")
    }

    func application(
        _ application: Application, didReceiveRemoteNotification payload: PushPayload,
        fetchCompletionHandler completionHandler: @escaping BackgroundFetchCompletion
    ) {
        application.logger.info("Push: \(payload.json)")
        application.presentLocalNotificationNow(LocalNotification(alertBody: "Pushed", alertAction: "Open"))
        completionHandler(.newData)
    }

    func applicationDidEnterBackground(_ application: Application) {
        guard let megabytes = ProcessInfo.processInfo.environment["SPINNER_BACKGROUND_MB"].flatMap(Int.init) else { return }
        let task = application.beginBackgroundTask(withName: "ballast")
        application.logger.info("Taking \(megabytes) MB in the background")
        // Every byte written, so that every page is the process's.
        ballast = [UInt8](repeating: 1, count: megabytes << 20)
        application.logger.info("Holding \(ballast.count >> 20) MB in the background")
        application.endBackgroundTask(task)
    }

    /// Downloads `url` into issue "spin", or reconnects to the download a launch before started.
    private func download(_ url: String) {
        let library = Library(application: application)
        self.library = library
        let waiting = library.downloadingAssets
        for asset in waiting { asset.download(delegate: self) }
        guard waiting.isEmpty, library.issue(named: "spin") == nil else { return }
        do {
            let issue = try library.addIssue(named: "spin", date: Date())
            try issue.addAsset(with: DownloadRequest(parsing: url)).download(delegate: self)
            application.logger.info("Newsstand: downloading \(url)")
        } catch {
            application.logger.info("Newsstand: not downloading: \(error)")
        }
    }

    func assetDownload(
        _ download: AssetDownload, didWriteData bytesWritten: Int64, totalBytesWritten: Int64, expectedTotalBytes: Int64?
    ) {
        application.logger.info("Newsstand: \(totalBytesWritten) bytes")
    }

    func assetDownload(_ download: AssetDownload, didFinishDownloading destinationURL: URL) {
        guard let issue = download.issue else { return }
        let file = issue.contentURL.appendingPathComponent(destinationURL.lastPathComponent)
        do {
            try FileManager.default.moveItem(at: destinationURL, to: file)
            application.logger.info("Newsstand: moved \(file.lastPathComponent) into issue \(issue.name) (pid \(getpid()))")
        } catch {
            application.logger.info("Newsstand: cannot move \(destinationURL.path): \(error)")
        }
    }

    func assetDownload(_ download: AssetDownload, didFailWithError error: TransferError) {
        application.logger.info("Newsstand: failed: \(error)")
    }

    private func handle(_ event: VoIPStreamEvent) {
        application.logger.info("VoIP: \(event)")
        guard event == .received("ping") else { return }
        do {
            try socket.send("pong")
            application.logger.info("VoIP: sent pong")
        } catch {
            application.logger.info("VoIP: pong not sent: \(error)")
        }
    }
}
