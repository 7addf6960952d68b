import BackgroundRuntime
import Foundation

/// How a ``FetchingDelegate`` fetches.
struct FetchBehavior: Sendable {
    var interval = BackgroundFetchInterval.minimum
    var result = BackgroundFetchResult.newData
    /// How long a fetch takes (on the app's timers); zero completes at once.
    var duration = Duration.zero
    /// False: the completion handler is never called.
    var completes = true
    /// True: the completion handler is called twice.
    var completesTwice = false
}

/// A fetch the app saw.
struct FetchRecord: Sendable, Equatable {
    let date: Date
    let state: ApplicationState
    let launchReason: LaunchReason
}

typealias FetchRecorder = Recorder<FetchBehavior, FetchRecord>

/// An app delegate that asks for background fetches at launch and fetches as its
/// ``FetchRecorder`` says.
@AppMain
final class FetchingDelegate: ApplicationDelegate {
    let recorder: FetchRecorder

    init(recorder: FetchRecorder) {
        self.recorder = recorder
    }

    func applicationDidFinishLaunching(_ application: Application) {
        application.setMinimumBackgroundFetchInterval(recorder.behavior.interval)
    }

    func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler: @escaping BackgroundFetchCompletion
    ) {
        let behavior = recorder.behavior
        recorder.append(.init(date: application.date, state: application.applicationState, launchReason: application.launchReason))
        guard behavior.completes else { return }
        application.after(behavior.duration) {
            completionHandler(behavior.result)
            if behavior.completesTwice { completionHandler(behavior.result) }
        }
    }
}

/// A manual device whose app is a ``FetchingDelegate``.
func makeFetchingDevice(
    iOS version: Int = 10,
    modes: Set<BackgroundMode> = [.fetch],
    recorder: FetchRecorder
) -> TestDevice {
    TestDevice(profile: PolicyProfile(iOS: version)!, infoPlist: InfoPlist(backgroundModes: modes)) { _ in
        FetchingDelegate(recorder: recorder)
    }
}

extension TestDevice {
    /// The device times of the recorded fetches.
    func times(of fetches: [FetchRecord]) -> [Duration] {
        fetches.map { deviceTime(of: $0.date) }
    }

    /// The device time of the next `hour`:`minute` (UTC of the device's wall clock) at or after now.
    func nextTime(hour: Int, minute: Int = 0) -> Duration {
        let seconds = date.timeIntervalSince1970
        let dayStart = seconds - seconds.truncatingRemainder(dividingBy: 86_400)
        var target = dayStart + Double(hour * 3600 + minute * 60)
        if target < seconds { target += 86_400 }
        return now + .milliseconds(Int64(((target - seconds) * 1000).rounded()))
    }

    /// Advances manual time to device time `time`.
    func advance(to time: Duration) {
        if time > now { advance(by: time - now) }
    }
}
