import BackgroundRuntime
import BackgroundRuntimeTesting
import Foundation
import Synchronization
import Testing

/// The rules as iOS has them, where an earlier Backgrounder had them otherwise; each test
/// fails on the old behaviour.
@Suite("Fidelity: iOS's rules, era by era")
struct FidelityTests {
    @Test func aDidEnterBackgroundThatNeverReturnsGetsTheAppTerminated() {
        let device = makeDevice()
        device.launch()
        device.perform { application in
            application.addObserver(for: .didEnterBackground) {
                // A handler still busy after 6 s: the watchdog ends the app first.
                device.advance(by: .seconds(6))
            }
        }
        device.pressHome()
        #expect(device.appState == .notRunning)
        #expect(device.lastTermination == .system(reason: "failed to suspend in time"))
        #expect(device.diagnostics.countByRule[.didEnterBackgroundTimeout] == 1)
        #expect(device.console.recentMessages.contains(
            "Exception Type: EXC_CRASH (SIGKILL) — Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d"))
    }

    @Test(arguments: [(12, true), (13, false), (14, false), (17, false)])
    func anOverrunBackgroundTaskLeavesACrashReportOnlyThroughIOS12(version: Int, leavesCrashReport: Bool) {
        let device = makeWorkerDevice(iOS: version)
        device.launchAndBackgroundWithLeakyTask()
        device.advance(by: PolicyProfile(iOS: version)!.finiteTaskBudget)
        #expect(device.appState == .notRunning)
        let messages = device.console.recentMessages
        let crashReport = "Exception Type: EXC_CRASH (SIGKILL) — Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d"
        #expect(messages.contains(crashReport) == leavesCrashReport, "iOS \(version)")
        #expect(messages.contains {
            $0.hasPrefix("No crash report: iOS \(version) leaves none for an app terminated for overrunning its background time")
        } == !leavesCrashReport, "iOS \(version)")
        #expect(device.energy.status().exits.background == [.backgroundTaskAssertionTimeout: 1], "the exit is counted in every era")
        let counter = "MXBackgroundExitData.cumulativeBackgroundTaskAssertionTimeoutExitCount"
        #expect(messages.contains(version >= 14
            ? "Exit reason: backgroundTaskAssertionTimeout (MetricKit counts it in \(counter))"
            : "Exit reason: backgroundTaskAssertionTimeout (iOS \(version) has no MetricKit exit counts; from iOS 14 it counts this in \(counter))"),
            "MetricKit counts exits from iOS 14 (MXAppExitMetric)")
    }

    @Test func anAnsweredCallSendsTheAppToTheBackgroundWhereItIsSuspended() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        _ = log.take()
        device.beginInterruption()
        #expect(device.appState == .inactive)
        device.answerInterruption()
        #expect(log.take() == ["willResignActive active", "didEnterBackground background"])
        #expect(device.appState == .suspended)
        device.advance(by: .seconds(60))
        device.endInterruption()
        #expect(device.appState == .suspended, "the call's end leaves the app in the background")
        #expect(log.take().isEmpty)
        device.openApp()
        #expect(device.appState == .active)
    }

    @Test func theServicesHearWhetherACallWasAnsweredOrDeclined() {
        let device = makeDevice()
        let heard = Mutex<[InterruptionEvent]>([])
        _ = device.observers.observeInterruptions { event in heard.withLock { $0.append(event) } }
        device.launch()
        device.beginInterruption()
        device.endInterruption()
        device.beginInterruption()
        device.answerInterruption()
        device.endInterruption()
        #expect(heard.withLock { $0 } == [.began, .ended(answered: false), .began, .ended(answered: true)])
    }

    @Test func anAnsweredCallLeavesAnAppThatHoldsATaskRunningInTheBackground() {
        let device = makeDevice()
        device.launch()
        _ = device.perform { $0.beginBackgroundTask(withName: "upload") }
        device.beginInterruption()
        device.answerInterruption()
        #expect(device.appState == .background)
    }

    @Test(arguments: [14, 17, 26])
    func aCallShownAsABannerLeavesTheAppActive(version: Int) {
        let log = AppLog()
        let device = makeDevice(iOS: version, log: log)
        device.launch()
        _ = log.take()
        device.beginInterruption()
        #expect(device.appState == .active, "iOS \(version)")
        #expect(device.isInterrupted)
        #expect(device.console.recentMessages.contains("The call shows as a banner: the app stays active"))
        device.answerInterruption()
        #expect(device.appState == .active, "answered in the banner, the app stays on screen")
        device.endInterruption()
        #expect(device.appState == .active)
        #expect(log.take().isEmpty)
    }

    @Test func fullScreenCallsMakeTheAppInactiveInEveryEraAndBeforeIOS14EveryCallIsOne() {
        for (version, presentation) in [(17, CallPresentation.fullScreen), (13, .banner), (13, nil)] {
            let device = makeDevice(iOS: version)
            device.launch()
            device.beginInterruption(presentation: presentation)
            #expect(device.appState == .inactive, "iOS \(version), \(String(describing: presentation))")
            device.endInterruption()
            #expect(device.appState == .active)
        }
    }

    @Test func anAppWokenForAnEventWithATimeLimitStopsBeingHeldForItWhenTheLimitPasses() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        device.pressHome()
        #expect(device.appState == .suspended)
        device.wakeApp(for: "the device entered region Cafe", timeLimit: .seconds(10)) { _ in
            // A handler still busy 12 s on: the event held the app 10 s, no longer.
            device.advance(by: .seconds(12))
            log.append("handler busy, app \(device.appState)")
        }
        #expect(log.take().contains("handler busy, app suspended"))
        #expect(device.console.recentMessages.contains(
            "The app did not handle the device entered region Cafe within 10 s; the event no longer keeps it running"))
        #expect(device.appState == .suspended)
        // Without a limit the event holds the app until its handler returns, as socket data does.
        device.wakeApp(for: "socket data") { _ in
            device.advance(by: .seconds(12))
            log.append("handler busy, app \(device.appState)")
        }
        #expect(log.take().contains("handler busy, app background"))
        #expect(device.appState == .suspended)
    }

    @Test func withTheDebuggerAttachedTheAppIsNeverSuspendedNorKilled() {
        var setup = DeviceSetup(infoPlist: InfoPlist()) { _ in RecordingDelegate(log: AppLog()) }
        setup.debuggerAttached = true
        let device = TestDevice(setup)
        device.launch()
        _ = device.perform { $0.beginBackgroundTask(withName: "forgotten") }
        device.pressHome()
        device.advance(by: .seconds(600))
        #expect(device.appState == .background, "no suspension with a debugger attached")
        #expect(device.launchCount == 1)
        #expect(device.console.recentMessages.contains {
            $0.hasPrefix("The watchdog would terminate the app now (assertions held beyond permitted time)")
        })
    }

    @Test func aKeepAliveHandlerGetsTenSecondsThenTheAppIsSuspended() {
        let device = makeDevice(iOS: 9, modes: [.voip])
        let log = AppLog()
        device.launch()
        device.perform { application in
            _ = try? application.setKeepAliveTimeout(.seconds(600)) {
                log.append("handler began")
                // Waits for an answer that never comes: 30 s on the app's own timer.
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    _ = application.scheduledTimer(withTimeInterval: .seconds(30), repeats: false) { _ in done.resume() }
                }
                log.append("handler returned")
            }
        }
        device.pressHome()
        #expect(device.appState == .suspended)
        device.advance(by: .seconds(600))
        #expect(log.take() == ["handler began"])
        #expect(device.appState == .background)
        device.advance(by: .seconds(10))
        #expect(device.appState == .suspended)
        #expect(device.console.recentMessages.contains("The keep-alive handler did not return within 10 s; the app is suspended"))
        #expect(log.take().isEmpty, "the suspended handler does not go on")
        // Back on screen, the handler's timer fires and it returns: its continuation is
        // resumed, not leaked with the device.
        device.openApp()
        device.advance(by: .seconds(30))
        #expect(log.take() == ["handler returned"], "the handler goes on once the app runs again")
    }

    @Test(arguments: [(4, true), (9, true), (10, false), (16, false)])
    func keepAliveSocketsEndedWithIOS9(version: Int, exists: Bool) throws {
        #expect(try #require(PolicyProfile(iOS: version)).hasKeepAliveSockets == exists)
    }

    @Test func whileTheAppIsActiveNoBannerAppearsAndTheAppIsTold() {
        let call = LocalNotification(alertBody: "New VOIP call", alertAction: "Answer")
        for (version, shows) in [(9, false), (10, false), (10, true)] {
            let log = AppLog()
            let device = makeDevice(iOS: version, log: log) { _, log in NotifiedDelegate(log: log, showsBanner: shows) }
            device.launch()
            device.perform { application in
                application.requestNotificationAuthorization()
                application.presentLocalNotificationNow(call)
            }
            let told = version < 10 ? "didReceiveLocalNotification New VOIP call" : "willPresent New VOIP call"
            #expect(log.take().contains(told))
            #expect((device.notificationCenter.snapshot.banner != nil) == shows, "iOS \(version), banner asked: \(shows)")
            device.pressHome()
            device.wakeApp(for: "socket data") { $0.presentLocalNotificationNow(call) }
            #expect(device.notificationCenter.snapshot.banner?.shown == true, "in the background the banner shows")
            device.notificationCenter.answer()
            #expect(device.appState == .active)
            #expect(log.take().contains("didReceiveResponseTo New VOIP call [Answer]"))
        }
    }

    @Test func registeringLateTwiceOrWithoutAHandlerCrashesWithTheExceptionsReason() {
        let exception = "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: "
        let cases: [(TaskBehavior, String)] = [
            (TaskBehavior(registers: ["refresh", "refresh"]), "Launch handler for task with identifier refresh has already been registered"),
            (TaskBehavior(registers: []), "No launch handler registered for task with identifier refresh"),
        ]
        for (behavior, reason) in cases {
            let device = makeTaskDevice(recorder: TaskRecorder(behavior))
            device.launch()
            if !behavior.registers.isEmpty {
                #expect(device.lastTermination == .crash(reason: "\(exception)'\(reason)'"))
                continue
            }
            device.submit(refreshRequest(on: device))
            device.pressHome()
            try? device.taskScheduler.simulateLaunchOfTask(identifier: "refresh")
            #expect(device.lastTermination == .crash(reason: "\(exception)'\(reason)'"))
        }
        let late = makeTaskDevice(recorder: TaskRecorder(TaskBehavior(registers: [])))
        late.launch()
        late.perform { application in
            _ = application.taskScheduler?.register(forTaskWithIdentifier: "refresh") { _ in }
        }
        #expect(late.lastTermination == .crash(
            reason: "\(exception)'All launch handlers must be registered before application finishes launching'"))
    }

    @Test func aProcessingTaskWaitsForTheLockedScreenAndPowerWhenItAsks() {
        let recorder = TaskRecorder(TaskBehavior(duration: .seconds(60)))
        let device = makeTaskDevice(recorder: recorder)
        device.launch()
        device.submit(processingRequest(power: true))
        device.pressHome()
        device.advance(by: .seconds(3600))
        #expect(recorder.take().isEmpty, "the screen is not locked")
        device.conditions.lockScreen()
        device.advance(by: .seconds(3600))
        #expect(recorder.take().isEmpty, "locked, but not on power")
        device.conditions.setExternalPower(true)
        #expect(recorder.take().count == 1)
        device.conditions.unlockScreen()
        #expect(recorder.take() == ["expired cleanup"])
        #expect(device.console.recentMessages.contains(
            "BGTaskScheduler: task cleanup expires (the idle device (the screen was unlocked) was lost)"))
    }

    @Test func aProcessingTaskWaitsForAnAppUsedWithinThePastWeek() {
        let recorder = TaskRecorder(TaskBehavior(duration: .seconds(60)))
        let device = makeTaskDevice(recorder: recorder)
        device.launch()
        device.submit(processingRequest())
        device.pressHome()
        device.advance(by: .seconds(8 * 86_400))
        device.conditions.lockScreen()
        device.advance(by: .seconds(3600))
        #expect(recorder.take().isEmpty, "idle, but the app was last opened 8 days ago")
        #expect(device.console.recentMessages.contains {
            $0.hasPrefix("BGTaskScheduler: processing request cleanup waits for the user to open the app: it was last opened 8 days ago")
        })
        device.conditions.unlockScreen()
        device.openApp()
        device.pressHome()
        device.conditions.lockScreen()
        #expect(recorder.take().count == 1, "opened again, the task runs when the device is idle")
    }

    @Test func aProcessingTaskRunsForAnAppUsedSixDaysAgo() {
        let recorder = TaskRecorder(TaskBehavior(duration: .seconds(60)))
        let device = makeTaskDevice(recorder: recorder)
        device.launch()
        device.submit(processingRequest())
        device.pressHome()
        device.advance(by: .seconds(6 * 86_400))
        device.conditions.lockScreen()
        #expect(recorder.take().count == 1)
    }

    @Test func lockingTheScreenSendsTheAppToTheBackground() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        _ = log.take()
        device.conditions.lockScreen()
        #expect(log.take() == ["willResignActive active", "didEnterBackground background"])
        #expect(device.appState == .suspended)
    }

    @Test func unlockingTheScreenBringsBackTheAppThatWasOnIt() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        device.conditions.lockScreen()
        device.advance(by: .seconds(5))
        #expect(device.appState == .suspended)
        _ = log.take()
        device.conditions.unlockScreen()
        #expect(log.take() == ["willEnterForeground background", "didBecomeActive active"])
        #expect(device.appState == .active)
        // An app that was in the background when the screen locked stays there.
        device.pressHome()
        device.advance(by: .seconds(5))
        device.conditions.lockScreen()
        device.conditions.unlockScreen()
        #expect(device.appState == .suspended)

        // iOS 5 and later: the lock sends the app to the background as the Home button does.
        let five = makeDevice(iOS: 5, log: log)
        five.launch()
        _ = log.take()
        five.conditions.lockScreen()
        #expect(log.take() == ["willResignActive active", "didEnterBackground background"])
    }

    @Test func onIOS4LockingTheScreenOnlyResignsActive() {
        let log = AppLog()
        let device = makeDevice(iOS: 4, log: log)
        device.launch()
        _ = log.take()
        device.conditions.lockScreen()
        device.advance(by: .seconds(60))
        #expect(log.take() == ["willResignActive active"], "no didEnterBackground on a lock before iOS 5")
        #expect(device.appState == .inactive, "on screen under the lock, running")
        device.conditions.unlockScreen()
        #expect(log.take() == ["didBecomeActive active"], "no willEnterForeground: it never left")
        #expect(device.appState == .active)
    }

    @Test func lowPowerModeDefersFetchesAndTasksAndTellsTheApp() {
        let recorder = FetchRecorder(FetchBehavior())
        let notices = AppLog()
        let device = TestDevice(profile: PolicyProfile(iOS: 13)!, infoPlist: InfoPlist(backgroundModes: [.fetch])) { application in
            application.addObserver(for: .powerStateDidChange) { notices.append("low power \(application.isLowPowerModeEnabled)") }
            return FetchingDelegate(recorder: recorder)
        }
        device.launch()
        device.conditions.setLowPowerMode(true)
        #expect(notices.take() == ["low power true"])
        device.pressHome()
        device.advance(by: .seconds(3 * 3600))
        #expect(recorder.take().isEmpty, "no fetch in Low Power Mode")
        device.conditions.setLowPowerMode(false)
        device.advance(by: .seconds(3600))
        #expect(recorder.take().count >= 1)
        #expect(notices.take() == ["low power false"], "the suspended app hears of it when it runs again")
    }

    @Test func aCriticallyLowBatteryDefersDiscretionaryWork() {
        let recorder = FetchRecorder(FetchBehavior())
        let device = TestDevice(profile: PolicyProfile(iOS: 13)!, infoPlist: InfoPlist(backgroundModes: [.fetch])) { _ in
            FetchingDelegate(recorder: recorder)
        }
        device.launch()
        device.conditions.setBatteryLevel(19)
        #expect(device.console.recentMessages.contains(
            "Battery: 19 % (critically low: on battery power, background fetches and tasks wait)"))
        device.pressHome()
        device.advance(by: .seconds(3 * 3600))
        #expect(recorder.take().isEmpty, "no fetch below 20 % on battery")
        device.conditions.setExternalPower(true)
        device.advance(by: .seconds(3600))
        #expect(recorder.take().count >= 1, "plugged in, the fetch comes")
        device.conditions.setExternalPower(false)
        device.advance(by: .seconds(3 * 3600))
        #expect(recorder.take().isEmpty)
        device.conditions.setBatteryLevel(20)
        device.advance(by: .seconds(3600))
        #expect(recorder.take().count >= 1, "at 20 % the battery is no longer critically low")

        let tasks = TaskRecorder(TaskBehavior())
        let taskDevice = makeTaskDevice(recorder: tasks)
        taskDevice.launch()
        taskDevice.submit(processingRequest())
        taskDevice.conditions.setBatteryLevel(5)
        taskDevice.conditions.lockScreen()
        #expect(tasks.take().isEmpty, "the idle device holds its processing task back")
        taskDevice.conditions.setExternalPower(true)
        #expect(tasks.take() == ["launched cleanup (processing, background, user)"])
    }

    @Test func theStatusShowsTheDeviceConditions() throws {
        let device = makeDevice(iOS: 13)
        device.launch()
        #expect(device.statusJSON().contains(
            #""device":{"backgroundAppRefresh":"on","backgroundAppRefreshForApp":"on","batteryLevel":100,"focus":false,"locked":false,"#
                + #""lowPowerMode":false,"network":"online","power":"battery","thermalState":"nominal","unlockedSinceBoot":true}"#))
        device.conditions.setExternalPower(true)
        device.conditions.setBatteryLevel(15)
        device.conditions.setLowPowerMode(true)
        device.conditions.setThermalState(.serious)
        device.conditions.setNetworkConnectivity(false)
        device.conditions.setBackgroundAppRefresh(restricted: true)
        device.conditions.lockScreen()
        #expect(device.statusJSON().contains(
            #""device":{"backgroundAppRefresh":"restricted","backgroundAppRefreshForApp":"on","batteryLevel":15,"focus":false,"#
                + #""locked":true,"lowPowerMode":true,"network":"offline","power":"external","thermalState":"serious","#
                + #""unlockedSinceBoot":true}"#))
        device.conditions.restart()
        #expect(device.statusJSON().contains(#""locked":true,"lowPowerMode":true"#))
        #expect(device.statusJSON().contains(#""unlockedSinceBoot":false"#))
        device.conditions.setBackgroundAppRefresh(restricted: false)
        device.conditions.setBackgroundAppRefresh(enabled: false)
        device.conditions.unlockScreen()
        #expect(device.status().device.backgroundAppRefresh == "off")
        #expect(device.status().device.unlockedSinceBoot)
        #expect(!device.status().device.locked)
    }

    @Test func aSeriousThermalStateDefersBackgroundWork() {
        let recorder = FetchRecorder(FetchBehavior())
        let device = TestDevice(profile: PolicyProfile(iOS: 13)!, infoPlist: InfoPlist(backgroundModes: [.fetch])) { _ in
            FetchingDelegate(recorder: recorder)
        }
        device.launch()
        device.conditions.setThermalState(.serious)
        #expect(device.perform { $0.thermalState } == .serious)
        device.pressHome()
        device.advance(by: .seconds(3 * 3600))
        #expect(recorder.take().isEmpty)
        device.conditions.setThermalState(.fair)
        device.advance(by: .seconds(3600))
        #expect(recorder.take().count >= 1)
    }

    @Test func restrictedRefreshIsReadAsRestrictedAndRefusesTasks() {
        let device = makeTaskDevice(recorder: TaskRecorder(TaskBehavior()))
        device.launch()
        device.conditions.setBackgroundAppRefresh(restricted: true)
        #expect(device.perform { $0.backgroundRefreshStatus } == .restricted)
        #expect(device.submit(refreshRequest(on: device)) == .unavailable)
    }
}
