import BackgroundRuntime
import Testing

@Suite("Exit reasons, as MetricKit counts them")
struct ExitReasonTests {
    @Test func aLeakedAssertionEndsInABackgroundTaskAssertionTimeoutExit() {
        let device = makeWorkerDevice()
        device.launchAndBackgroundWithLeakyTask()
        device.advance(by: .seconds(181))
        #expect(device.appState == .notRunning)
        let energy = device.energy.status()
        #expect(energy.exits.background == [.backgroundTaskAssertionTimeout: 1])
        #expect(energy.exits.metricKitCounters(onScreen: false)["cumulativeBackgroundTaskAssertionTimeoutExitCount"] == 1)
        #expect(energy.endedLaunches.last?.exit == .backgroundTaskAssertionTimeout)
        #expect(device.console.recentMessages.last
            == "Exit reason: backgroundTaskAssertionTimeout (iOS 10 has no MetricKit exit counts; from iOS 14 it counts this in MXBackgroundExitData.cumulativeBackgroundTaskAssertionTimeoutExitCount)")
    }

    @Test func theUserSwipingTheAppAwayIsANormalExitAndACrashAnAbnormalOne() {
        let device = makeWorkerDevice()
        device.launch()
        device.pressHome()
        device.terminate()
        device.launch()
        device.crash("EXC_BAD_ACCESS (SIGSEGV)")
        let exits = device.energy.status().exits
        #expect(exits.background == [.normal: 1])
        #expect(exits.foreground == [.abnormal: 1])
    }

    @Test func memoryPressureEndsASuspendedAppAndWarnsARunningOne() {
        let log = AppLog()
        let device = makeWorkerDevice(log: log)
        device.launch()
        device.perform { application in
            _ = application.addObserver(for: .didReceiveMemoryWarning) { log.append("didReceiveMemoryWarning") }
        }
        _ = log.take()
        device.simulateMemoryPressure()
        #expect(device.appState == .active)
        #expect(log.take() == ["didReceiveMemoryWarning"], "the running app is warned")
        #expect(device.console.recentMessages.suffix(2) == ["Memory pressure: TheBackgrounder is active, which jetsam spares", "Received memory warning."])
        device.pressHome()
        device.simulateMemoryPressure()
        #expect(device.appState == .notRunning)
        #expect(device.energy.status().exits.background == [.memoryPressure: 1])
        #expect(device.console.recentMessages.contains("Terminated by the system: memory pressure (jetsam)"))
    }

    @Test func criticalMemoryPressureEndsABackgroundAppByPriorityAndFootprint() {
        // A finite task running in the background: warned at the warning level, ended at critical.
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { $0.begin() }
        device.pressHome()
        device.simulateMemoryPressure()
        #expect(device.appState == .background, "the warning level spares a running app")
        device.simulateMemoryPressure(.critical)
        #expect(device.appState == .notRunning)
        #expect(device.energy.status().exits.background == [.memoryPressure: 1])
        #expect(device.console.recentMessages.contains(
            "Memory pressure (critical): the warnings did not free enough, and jetsam goes on to apps running in the "
                + "background: TheBackgrounder runs for no work the user perceives"))

        // Location updates the user perceives: spared within the 50 MB guideline, ended above it.
        let navigating = TestDevice(profile: PolicyProfile(iOS: 14)!, infoPlist: InfoPlist(backgroundModes: [.location])) { _ in
            RecordingDelegate(log: AppLog())
        }
        navigating.launch()
        _ = navigating.beginActivity(BackgroundActivity(kind: .mode(.location), name: "Updating the location"))
        navigating.pressHome()
        navigating.simulateMemoryPressure(.critical, footprint: 40 << 20)
        #expect(navigating.appState == .background)
        #expect(navigating.console.recentMessages.contains(
            "Memory pressure (critical): TheBackgrounder is background, which jetsam spares: the user perceives it (Updating the location)"))
        navigating.simulateMemoryPressure(.critical, footprint: 80 << 20)
        #expect(navigating.appState == .notRunning)
        #expect(navigating.console.recentMessages.contains {
            $0.hasSuffix("TheBackgrounder runs for Updating the location, its footprint 80 MB")
        })
    }
}
