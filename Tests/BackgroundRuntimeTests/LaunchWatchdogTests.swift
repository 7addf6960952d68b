import BackgroundRuntime
import BackgroundRuntimeTesting
import Testing

@Suite("The launch watchdog: didFinishLaunching of a launch onto the screen has 20 s")
struct LaunchWatchdogTests {
    @Test func aLaunchThatTakesLongerThanTwentySecondsIsEndedByTheWatchdog() {
        let (device, log) = makeSlowDevice(launchTime: .seconds(21))
        device.launch()
        #expect(device.appState == .notRunning)
        #expect(device.lastTermination == .system(reason: "launch took longer than 20 s (scene-create watchdog)"))
        #expect(device.diagnostics.countByRule[.launchTimeout] == 1)
        #expect(device.diagnosticMessages.last?.contains("exhausted real (wall clock) time allowance of 20 s") == true)
        #expect(device.console.recentMessages.contains(
            "Exception Type: EXC_CRASH (SIGKILL) — Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d"))
        #expect(device.energy.status().exits.foreground == [.appWatchdog: 1])
        #expect(log.take() == ["didFinishLaunching returned"], "the app's code ran on; its launch had ended")
    }

    @Test func aLaunchWithinTheAllowanceGoesOn() {
        let (device, log) = makeSlowDevice(launchTime: .seconds(19))
        device.launch()
        #expect(device.appState == .active)
        #expect(log.take() == ["didFinishLaunching returned"])
        device.advance(by: .seconds(60))
        #expect(device.appState == .active, "the watchdog stopped when didFinishLaunching returned")
        #expect(device.diagnostics.count == 0)
    }

    @Test func aLaunchIntoTheBackgroundOrUnderADebuggerIsNotWatched() {
        let (background, _) = makeSlowDevice(launchTime: .seconds(25))
        background.launch(reason: .fetch)
        #expect(background.diagnostics.countByRule[.launchTimeout] == nil, "its background time's rules hold it instead")

        let (debugged, _) = makeSlowDevice(launchTime: .seconds(25), debuggerAttached: true)
        debugged.launch()
        #expect(debugged.appState == .active)
        #expect(debugged.console.recentMessages.contains {
            $0.hasPrefix("The watchdog would terminate the app now (launch took longer than 20 s")
        })
    }

    @Test func aReturnToTheScreenThatBlocksWillEnterForegroundIsEndedByTheWatchdog() {
        let (device, log) = makeSlowDevice(launchTime: .zero, foregroundTime: .seconds(21))
        device.launch()
        device.pressHome()
        device.advance(by: .seconds(60))
        #expect(device.appState == .suspended)
        _ = log.take()
        device.openApp()
        #expect(device.appState == .notRunning)
        #expect(device.lastTermination == .system(reason: "willEnterForeground took longer than 20 s"))
        #expect(device.diagnostics.countByRule[.foregroundTimeout] == 1)
        #expect(device.energy.status().exits.foreground == [.appWatchdog: 1])
        #expect(log.take() == ["willEnterForeground returned"])
    }

    @Test func aReturnToTheScreenWithinTheAllowanceGoesOn() {
        let (device, log) = makeSlowDevice(launchTime: .zero, foregroundTime: .seconds(19))
        device.launch()
        device.pressHome()
        device.openApp()
        #expect(device.appState == .active)
        #expect(log.take() == ["didFinishLaunching returned", "willEnterForeground returned"])
        device.advance(by: .seconds(60))
        #expect(device.appState == .active, "the watchdog stopped when willEnterForeground returned")
        #expect(device.diagnostics.count == 0)
    }

    private func makeSlowDevice(
        launchTime: Duration, foregroundTime: Duration = .zero, debuggerAttached: Bool = false
    ) -> (TestDevice, AppLog) {
        let log = AppLog()
        let clock = ClockHook()
        var setup = DeviceSetup(profile: PolicyProfile(iOS: 17)!, infoPlist: InfoPlist()) { _ in
            SlowLaunchDelegate(clock: clock, launchTime: launchTime, foregroundTime: foregroundTime, log: log)
        }
        setup.debuggerAttached = debuggerAttached
        let device = TestDevice(setup)
        clock.attach(device)
        return (device, log)
    }
}
