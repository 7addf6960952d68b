import BackgroundRuntime
import Dispatch

/// The tutorial's Whatever pattern in miniature: a task assertion with an expiration handler
/// that ends it, or forgets to.
@AppMain
final class Worker {
    let application: Application
    let log: AppLog
    var identifier = BackgroundTaskIdentifier.invalid
    var endsOnExpiration: Bool
    /// Whether the expiration handler ends the task later, from code it queues: a block it gives
    /// `DispatchQueue.main`, or a task on the main actor.
    var endsOnExpirationFrom: LaterEnd?

    /// Code an expiration handler queues to end its task after it returns.
    enum LaterEnd: Sendable {
        case mainQueue, mainActorTask
    }

    init(application: Application, log: AppLog, endsOnExpiration: Bool = true) {
        self.application = application
        self.log = log
        self.endsOnExpiration = endsOnExpiration
    }

    func begin(_ name: String = "Fibonacci") {
        identifier = application.beginBackgroundTask(withName: name) { [weak self] in
            guard let self else { return }
            self.log.append("expired at \(Int(self.application.backgroundTimeRemaining.rounded())) s left")
            let (application, identifier) = (self.application, self.identifier)
            switch self.endsOnExpirationFrom {
            case nil:
                if self.endsOnExpiration { self.end() }
            case .mainQueue?:
                DispatchQueue.main.async { application.endBackgroundTask(identifier) }
            case .mainActorTask?:
                Task { @MainActor in application.endBackgroundTask(identifier) }
            }
        }
    }

    func end() {
        application.endBackgroundTask(identifier)
        identifier = .invalid
    }
}

/// A delegate that keeps one ``Worker`` for the test to reach.
@AppMain
final class WorkerDelegate: ApplicationDelegate {
    let worker: Worker

    init(application: Application, log: AppLog) {
        worker = Worker(application: application, log: log)
    }
}

extension TestDevice {
    /// Launches the app, begins a "Fibonacci" task whose expiration handler forgets to end
    /// it, and presses Home.
    func launchAndBackgroundWithLeakyTask() {
        launch()
        withWorker { worker in
            worker.endsOnExpiration = false
            worker.begin()
        }
        pressHome()
    }

    /// Runs `body` with the app's worker.
    @discardableResult
    func withWorker<T: Sendable>(_ body: @escaping @AppMain @Sendable (Worker) -> T) -> T? {
        perform { application in body((application.delegate as! WorkerDelegate).worker) }
    }
}

/// A manual device whose app is a ``WorkerDelegate``.
func makeWorkerDevice(iOS version: Int = 10, log: AppLog = AppLog()) -> TestDevice {
    makeDevice(iOS: version, log: log) { WorkerDelegate(application: $0, log: $1) }
}
