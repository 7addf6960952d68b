import BackgroundRuntimeTesting
import BackgroundTasks
import Testing

/// Before iOS 13 there is no `BGTaskScheduler`: using it is reported as `[unavailable-api]`,
/// and the scheduler refuses everything, without crashing the app.
@Suite struct UnavailableSchedulerTests {
    @Test func beforeIOS13TheSharedSchedulerIsReportedAndRefusesEverything() {
        let infoPlist = InfoPlist(
            bundleName: "Spelled", bundleIdentifier: "com.example.spelled", permittedTaskIdentifiers: ["com.example.refresh"])
        let device = TestDevice(profile: PolicyProfile(iOS: 12)!, infoPlist: infoPlist) { _ in QuietApp() }
        device.launch()
        let answers = device.perform { _ -> String in
            // Qualified: this file imports the runtime too, whose types have the same names.
            let scheduler = BackgroundTasks.BGTaskScheduler.shared
            let registered = scheduler.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { _ in }
            let submitted = (try? scheduler.submit(BackgroundTasks.BGAppRefreshTaskRequest(identifier: "com.example.refresh"))) != nil
            return "registered \(registered) submitted \(submitted)"
        }
        #expect(answers == "registered false submitted false")
        #expect(
            device.consoleLines(containing: "Diagnostic [unavailable-api]: BGTaskScheduler.shared does not exist in iOS 12")
                .count == 1)
        #expect(device.appState.isRunning, "the app goes on")
    }
}

private final class QuietApp: ApplicationDelegate {}
