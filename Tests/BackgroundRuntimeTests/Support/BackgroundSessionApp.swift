import BackgroundRuntime
import Foundation

/// An app delegate that is also its background sessions' delegate: it makes a session for each
/// configuration when it launches for the user, or when the system hands it a session's events,
/// and writes each callback to an ``AppLog``. It calls the completion handler it was given after
/// urlSessionDidFinishEvents, unless told not to, and then downloads `followUp` if given.
@AppMain
final class BackgroundSessionApp: ApplicationDelegate, BackgroundURLSessionDelegate {
    let log: AppLog
    let configurations: [BackgroundSessionConfiguration]
    let callsCompletion: Bool
    let followUp: URL?
    var sessions: [String: BackgroundURLSession] = [:]
    var completions: [String: @AppMain @Sendable () -> Void] = [:]

    init(log: AppLog, configurations: [BackgroundSessionConfiguration], callsCompletion: Bool = true, followUp: URL? = nil) {
        self.log = log
        self.configurations = configurations
        self.callsCompletion = callsCompletion
        self.followUp = followUp
    }

    func applicationDidFinishLaunching(_ application: Application) {
        log.append("didFinishLaunching(\(application.launchReason.rawValue))")
        guard application.launchReason == .user else { return }
        for configuration in configurations { makeSession(configuration.identifier, in: application) }
    }

    func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @AppMain @Sendable () -> Void
    ) {
        log.append("handleEvents(\(identifier))")
        completions[identifier] = completionHandler
        if sessions[identifier] == nil { makeSession(identifier, in: application) }
    }

    func makeSession(_ identifier: String, in application: Application) {
        guard let configuration = configurations.first(where: { $0.identifier == identifier }) else { return }
        log.append("make session \(identifier)")
        sessions[identifier] = application.backgroundSession(configuration: configuration, delegate: self)
    }

    func urlSession(_ session: BackgroundURLSession, downloadTask task: Int, didFinishDownloadingTo location: URL) {
        log.append("task \(task) finished: \(location.path)")
    }

    func urlSession(_ session: BackgroundURLSession, task: Int, didCompleteWithError error: BackgroundTransferError?) {
        log.append("task \(task) completed: \(error.map(\.description) ?? "no error")")
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: BackgroundURLSession) {
        log.append("urlSessionDidFinishEvents(\(session.configuration.identifier))")
        if let followUp, let task = session.downloadTask(with: followUp) { log.append("follow-up task \(task)") }
        guard callsCompletion, let completion = completions.removeValue(forKey: session.configuration.identifier) else { return }
        log.append("completion handler called")
        completion()
    }
}
