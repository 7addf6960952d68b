import BackgroundRuntime
import Foundation
import Synchronization

/// An app with one background session, made at each launch (or, if not `makesSessionAtLaunch`,
/// once it becomes active): it writes what its delegates hear to a ``SessionLog`` and calls the
/// completion handler of handleEventsForBackgroundURLSession after urlSessionDidFinishEvents.
@AppMain
final class SessionDownloaderApp: ApplicationDelegate, BackgroundURLSessionDelegate {
    let configuration: BackgroundSessionConfiguration
    let log: SessionLog
    let makesSessionAtLaunch: Bool
    var session: BackgroundURLSession?
    var completion: (@AppMain @Sendable () -> Void)?

    init(log: SessionLog, configuration: BackgroundSessionConfiguration, makesSessionAtLaunch: Bool = true) {
        self.log = log
        self.configuration = configuration
        self.makesSessionAtLaunch = makesSessionAtLaunch
    }

    func applicationDidFinishLaunching(_ application: Application) {
        if makesSessionAtLaunch { makeSession(application) }
    }

    func applicationDidBecomeActive(_ application: Application) {
        if session == nil { makeSession(application) }
    }

    private func makeSession(_ application: Application) {
        session = application.backgroundSession(configuration: configuration, delegate: self)
    }

    func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @AppMain @Sendable () -> Void
    ) {
        log.append("handleEvents(\(identifier))")
        completion = completionHandler
    }

    func urlSession(_ session: BackgroundURLSession, downloadTask task: Int, didFinishDownloadingTo location: URL) {
        log.append("task \(task) finished: \((try? Data(contentsOf: location)).map { "\($0.count) bytes" } ?? "no file")")
    }

    func urlSession(_ session: BackgroundURLSession, task: Int, didCompleteWithError error: BackgroundTransferError?) {
        log.append("task \(task) completed: \(error.map(\.description) ?? "no error")")
        if let resumeData = error?.resumeData { log.keep(resumeData, ofTask: task) }
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: BackgroundURLSession) {
        log.append("urlSessionDidFinishEvents")
        completion?()
        completion = nil
    }
}

/// What a ``SessionDownloaderApp`` heard, readable from the test's thread.
final class SessionLog: Sendable {
    private let entries = Mutex<[String]>([])
    private let resumeData = Mutex<[Int: Data]>([:])

    func append(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var all: [String] { entries.withLock { $0 } }

    /// Keeps the resume data task `task`'s error carried.
    func keep(_ data: Data, ofTask task: Int) {
        resumeData.withLock { $0[task] = data }
    }

    /// The resume data task `task`'s error carried, if any.
    func resumeData(ofTask task: Int) -> Data? {
        resumeData.withLock { $0[task] }
    }
}
