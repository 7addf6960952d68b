import BackgroundRuntime
import Benchmark
import Foundation

/// A simulated week of background work on the test clock: the fetch scheduler learning two
/// daily opens, background fetches that bring new data or nothing, and BGTaskScheduler app
/// refresh and processing tasks resubmitted as they run, with the charger plugged in at night.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(20),
        maxIterations: 10
    )

    Benchmark("Simulated week: background fetches and BG tasks") { benchmark in
        let device = TestDevice(
            profile: PolicyProfile(iOS: 13)!,
            infoPlist: InfoPlist(backgroundModes: [.fetch, .processing], permittedTaskIdentifiers: ["refresh", "cleanup"]),
        ) { WeekApp(application: $0) }
        device.launch()
        benchmark.startMeasurement()
        simulateWeek(on: device)
        benchmark.stopMeasurement()
        let work = device.console.recentMessages.count { $0.contains("completed") }
        precondition(work > 100, "only \(work) fetches and tasks completed")
        precondition(device.diagnostics.count == 0, "\(device.diagnostics.recent)")
        blackHole(work)
    }
}

/// An app that fetches (new data one time in three), and keeps an app refresh and a
/// processing request submitted.
@AppMain
final class WeekApp: ApplicationDelegate {
    let application: Application
    private var fetches = 0

    init(application: Application) {
        self.application = application
    }

    func applicationDidFinishLaunching(_ application: Application) {
        application.setMinimumBackgroundFetchInterval(.minimum)
        for identifier in ["refresh", "cleanup"] {
            application.taskScheduler?.register(forTaskWithIdentifier: identifier) { [weak self] task in
                self?.submitRequests()
                task.setTaskCompleted(success: true)
            }
        }
        submitRequests()
    }

    func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler: @escaping BackgroundFetchCompletion
    ) {
        fetches += 1
        completionHandler(fetches % 3 == 0 ? .newData : .noData)
    }

    private func submitRequests() {
        var refresh = AppRefreshTaskRequest(identifier: "refresh")
        refresh.earliestBeginDate = application.date.addingTimeInterval(15 * 60)
        var cleanup = ProcessingTaskRequest(identifier: "cleanup")
        cleanup.earliestBeginDate = application.date.addingTimeInterval(6 * 3600)
        cleanup.requiresExternalPower = true
        try? application.taskScheduler?.submit(refresh)
        try? application.taskScheduler?.submit(cleanup)
    }
}

/// Seven days: the user opens the app at 8:00 and 19:00 for ten minutes, and charges the
/// phone from 23:00 to 7:00.
func simulateWeek(on device: TestDevice) {
    device.pressHome()
    let hour = Duration.seconds(3600)
    for _ in 0..<7 {
        device.advance(by: hour * 1)
        device.conditions.setExternalPower(false)
        device.advance(by: hour * 1)
        device.openApp()
        device.advance(by: .seconds(600))
        device.pressHome()
        device.advance(by: hour * 11 - .seconds(600))
        device.openApp()
        device.advance(by: .seconds(600))
        device.pressHome()
        device.advance(by: hour * 4 - .seconds(600))
        device.conditions.setExternalPower(true)
        device.advance(by: hour * 7)
    }
}
