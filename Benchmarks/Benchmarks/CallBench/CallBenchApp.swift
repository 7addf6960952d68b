import BackgroundRuntime
import Foundation

/// An app that, launched with `CALL_BENCH_CALLS=N`, times N `beginBackgroundTask` calls — each
/// a round trip to the system, which answers with the task's identifier — after as many
/// untimed ones to warm up, ending each task at once (a one-way message), on a thread of its
/// own, as background work calls it. It logs the result with the app's logger.
@AppMain
final class CallBenchApp: ApplicationDelegate {
    nonisolated static let infoPlist = InfoPlist(bundleName: "CallBench", bundleIdentifier: "com.example.callbench")

    let application: Application

    init(application: Application) {
        self.application = application
    }

    func applicationDidFinishLaunching(_ application: Application) {
        guard let count = ProcessInfo.processInfo.environment["CALL_BENCH_CALLS"].flatMap(Int.init), count > 0 else { return }
        Thread { [application] in
            Self.roundTrips(application, count: count)
            let timed = Self.roundTrips(application, count: count)
            application.logger.info("\(timed.line)")
        }.start()
    }

    private nonisolated static func roundTrips(_ application: Application, count: Int) -> RoundTrips {
        var times = [Int64](repeating: 0, count: count)
        for index in 0..<count {
            let start = ContinuousClock.now
            let task = application.beginBackgroundTask(withName: "call")
            times[index] = (ContinuousClock.now - start).nanoseconds
            application.endBackgroundTask(task)
        }
        return RoundTrips(nanoseconds: times)
    }
}
