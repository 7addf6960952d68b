import BackgroundRuntime
import Foundation
import TestSupport

/// How a ``TaskDelegate`` handles its background tasks.
struct TaskBehavior: Sendable {
    /// The identifiers the app registers at launch.
    var registers = ["refresh", "cleanup"]
    /// False: the task never calls setTaskCompleted.
    var completes = true
    /// How long a task's work takes (on the app's timers); zero completes at once.
    var duration = Duration.zero
    /// Whether the expiration handler completes the task.
    var completesOnExpiration = true
    var completesTwice = false
    /// Whether didEnterBackground submits a processing request for `cleanup`, as Apple's sample
    /// schedules its work when the app enters the background.
    var submitsOnDidEnterBackground = false
}

/// What a ``TaskDelegate`` saw, one line an event.
typealias TaskRecorder = Recorder<TaskBehavior, String>

/// An app delegate that registers BGTaskScheduler handlers at launch and works as its
/// ``TaskRecorder`` says.
@AppMain
final class TaskDelegate: ApplicationDelegate {
    let recorder: TaskRecorder

    init(recorder: TaskRecorder) {
        self.recorder = recorder
    }

    func applicationDidFinishLaunching(_ application: Application) {
        for identifier in recorder.behavior.registers {
            application.taskScheduler?.register(forTaskWithIdentifier: identifier) { [recorder] task in
                Self.handle(task, application: application, recorder: recorder)
            }
        }
    }

    func applicationDidEnterBackground(_ application: Application) {
        guard recorder.behavior.submitsOnDidEnterBackground else { return }
        try? application.taskScheduler?.submit(processingRequest())
    }

    private static func handle(_ task: ScheduledTask, application: Application, recorder: TaskRecorder) {
        let behavior = recorder.behavior
        let kind = task is AppRefreshTask ? "refresh" : "processing"
        recorder.append("launched \(task.identifier) (\(kind), \(application.applicationState.rawValue), \(application.launchReason.rawValue))")
        task.expirationHandler = {
            recorder.append("expired \(task.identifier)")
            if behavior.completesOnExpiration { task.setTaskCompleted(success: false) }
        }
        guard behavior.completes else { return }
        application.after(behavior.duration) {
            task.setTaskCompleted(success: true)
            if behavior.completesTwice { task.setTaskCompleted(success: true) }
        }
    }
}

/// A manual device on iOS 13 (by default) whose app is a ``TaskDelegate`` and whose Info.plist
/// permits the `refresh` and `cleanup` identifiers.
func makeTaskDevice(
    iOS version: Int = 13,
    modes: Set<BackgroundMode> = [.fetch, .processing],
    permitted: [String] = ["refresh", "cleanup", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"],
    storage: URL? = nil,
    recorder: TaskRecorder
) -> TestDevice {
    TestDevice(
        profile: PolicyProfile(iOS: version)!,
        infoPlist: InfoPlist(backgroundModes: modes, permittedTaskIdentifiers: permitted),
        storageDirectory: storage
    ) { _ in TaskDelegate(recorder: recorder) }
}

extension TestDevice {
    /// Submits `request` from the app; returns the error it threw, if any.
    @discardableResult
    func submit(_ request: some TaskRequest) -> TaskSchedulerError? {
        perform { application -> TaskSchedulerError? in
            do throws(TaskSchedulerError) {
                try application.taskScheduler?.submit(request)
                return nil
            } catch {
                return error
            }
        } ?? nil
    }
}

/// A request for `identifier` that may begin `after` from the device's wall-clock now.
func refreshRequest(_ identifier: String = "refresh", after delay: TimeInterval? = nil, on device: Device) -> AppRefreshTaskRequest {
    var request = AppRefreshTaskRequest(identifier: identifier)
    request.earliestBeginDate = delay.map { device.date.addingTimeInterval($0) }
    return request
}

/// A processing request with the given requirements.
func processingRequest(_ identifier: String = "cleanup", power: Bool = false, network: Bool = false) -> ProcessingTaskRequest {
    var request = ProcessingTaskRequest(identifier: identifier)
    request.requiresExternalPower = power
    request.requiresNetworkConnectivity = network
    return request
}

/// A fresh directory in the test's own temporary directory (see `.temporaryDirectory`).
func temporaryDirectory() -> URL {
    TestTemporaryDirectory.make("backgrounder-runtime")
}
