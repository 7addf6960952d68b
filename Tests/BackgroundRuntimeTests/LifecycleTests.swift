import BackgroundRuntime
import Foundation
import Testing

@Suite("App lifecycle: transitions and their notifications in iOS's order")
struct LifecycleTests {
    @Test func aPreservedStateComesBackAfterTheSystemEndedTheAppButNotAfterTheUserDid() {
        let device = makeDevice(iOS: 13)
        device.launch()
        let archive = RestorationArchive(restorationIdentifiers: ["Audio", "Queue"], userInfo: #"{"track":2}"#)
        device.perform { $0.preserveState(archive) }
        device.pressHome()
        device.advance(by: .seconds(60))
        device.simulateMemoryPressure()
        #expect(device.appState == .notRunning)
        device.openApp()
        #expect(device.console.recentMessages.contains(
            "State restoration: TheBackgrounder gets back what it preserved 60 s ago: Audio ▸ Queue"))
        #expect(device.perform { $0.restoredState } == archive, "the user finds the app as they left it")
        #expect(device.perform { $0.restoredState == nil } == true, "handed back once")

        device.perform { $0.preserveState(archive) }
        device.terminate(.user)
        #expect(device.console.recentMessages.contains(
            "State restoration: the user swiped TheBackgrounder away, so the system discards its preserved state"))
        device.openApp()
        #expect(device.perform { $0.restoredState == nil } == true)
    }

    @Test func anAppThatExitsOnSuspendTerminatesInsteadOfEnteringTheBackground() throws {
        let plist = try InfoPlist(data: Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UIApplicationExitsOnSuspend</key><true/></dict></plist>
            """.utf8), source: "Info.plist")
        #expect(plist.exitsOnSuspend)
        let log = AppLog()
        let device = TestDevice(profile: PolicyProfile(iOS: 12)!, infoPlist: plist) { _ in RecordingDelegate(log: log) }
        device.launch()
        _ = log.take()
        device.pressHome()
        #expect(log.take() == ["willResignActive active", "willTerminate inactive"], "no didEnterBackground")
        #expect(device.appState == .notRunning)
        #expect(device.console.recentMessages.contains(
            "UIApplicationExitsOnSuspend: TheBackgrounder terminates instead of entering the background; "
                + "applicationWillTerminate(_:) has 5 s"))
        #expect(!device.stateLines.contains("State: inactive → background"))

        // From iOS 13 the key is not honored: the app is suspended as any other.
        let modern = TestDevice(profile: PolicyProfile(iOS: 13)!, infoPlist: plist) { _ in RecordingDelegate(log: log) }
        modern.launch()
        modern.pressHome()
        #expect(modern.appState == .suspended)
    }

    @Test func inIOS7AnAppTheUserSwipedAwayIsNotRelaunchedForLocation() {
        for (version, relaunched) in [(7, false), (8, true)] {
            let device = makeDevice(iOS: version, modes: [.location])
            device.launch()
            device.terminate(.user)
            device.launch(reason: .location)
            #expect((device.appState != .notRunning) == relaunched, "iOS \(version)")
        }
        let device = makeDevice(iOS: 7, modes: [.location])
        device.launch()
        device.terminate(.system(reason: "memory pressure"))
        device.launch(reason: .location)
        #expect(device.appState != .notRunning, "an app the system ended is relaunched")
    }

    @Test func aPrewarmedLaunchContinuesFromUIApplicationMain() throws {
        let log = AppLog()
        let device = makeDevice(iOS: 15, log: log)
        device.conditions.restart()
        #expect(device.prewarm() == nil)
        #expect(device.appState == .notRunning)
        #expect(log.take().isEmpty, "no app delegate call: UIApplicationMain has not run")
        #expect(device.statusJSON().contains(#""prewarmed":true"#))
        let lines = device.console.recentMessages
        #expect(lines.contains("Prewarming TheBackgrounder: the system runs its launch sequence up to, but not including, "
            + "UIApplicationMain, and pauses it until the app launches"))
        #expect(lines.contains("The prewarm runs before the first unlock: code before UIApplicationMain (static initializers, "
            + "load()) finds protected data unavailable — keychain items and files of every class but none"))
        #expect(device.prewarm() == "the app is prewarmed already")

        device.advance(by: .seconds(600))
        device.conditions.unlockScreen()
        device.openApp()
        #expect(device.console.recentMessages.contains(
            "The launch continues the prewarmed process: UIApplicationMain runs now, 600 s after the code before it ran"))
        #expect(log.take().first == "didFinishLaunching(user) inactive")
        #expect(device.statusJSON().contains(#""prewarmed":false"#))
        #expect(device.prewarm() == "the app is running (active): only an app that is not running is prewarmed")

        device.terminate(.user)
        #expect(device.prewarm() == nil)
        device.simulateMemoryPressure()
        #expect(device.console.recentMessages.contains(
            "The prewarmed process of TheBackgrounder is removed from memory: the system reclaims its memory"))
        #expect(makeDevice(iOS: 14).prewarm() == "prewarming came with iOS 15; this is iOS 14")
    }

    @Test func userLaunchMakesTheAppActiveAfterDidFinishLaunching() {
        let log = AppLog()
        let device = makeDevice(log: log)
        #expect(device.appState == .notRunning)
        device.launch()
        #expect(device.appState == .active)
        #expect(log.take() == ["didFinishLaunching(user) inactive", "didBecomeActive active"])
        #expect(device.stateLines == ["State: notRunning → inactive", "State: inactive → active"])
    }

    @Test func homeResignsEntersBackgroundAndSuspendsAnIdleApp() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        _ = log.take()
        device.pressHome()
        #expect(log.take() == ["willResignActive active", "didEnterBackground background"])
        #expect(device.appState == .suspended)
        #expect(device.stateLines.suffix(3) == [
            "State: active → inactive", "State: inactive → background", "State: background → suspended",
        ])
    }

    @Test func openingASuspendedAppResumesItIntoTheForeground() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        device.pressHome()
        _ = log.take()
        device.openApp()
        #expect(device.appState == .active)
        #expect(log.take() == ["willEnterForeground background", "didBecomeActive active"])
        #expect(device.stateLines.suffix(3) == [
            "State: suspended → background", "State: background → inactive", "State: inactive → active",
        ])
    }

    @Test func openingAnAppThatIsNotRunningLaunchesIt() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.openApp()
        #expect(device.appState == .active)
        #expect(device.launchReason == .user)
        #expect(log.take() == ["didFinishLaunching(user) inactive", "didBecomeActive active"])
    }

    @Test func anInterruptionMakesTheAppInactiveAndNeverBackground() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        _ = log.take()
        device.beginInterruption()
        #expect(device.appState == .inactive)
        device.advance(by: .seconds(60))
        #expect(device.appState == .inactive)
        device.endInterruption()
        #expect(device.appState == .active)
        #expect(log.take() == ["willResignActive active", "didBecomeActive active"])
        #expect(!device.stateLines.contains { $0.contains("background") })
    }

    @Test func homeDuringACallStillBackgroundsTheAppAndTheCallsEndLeavesItThere() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        device.beginInterruption()
        _ = log.take()
        device.pressHome()
        #expect(log.take() == ["didEnterBackground background"])
        #expect(device.appState == .suspended)
        device.endInterruption()
        #expect(device.appState == .suspended)
        #expect(log.take().isEmpty)
    }

    @Test func openingDuringACallLeavesTheAppInactiveUntilTheCallEnds() {
        let device = makeDevice()
        device.launch()
        device.pressHome()
        device.beginInterruption()
        device.openApp()
        #expect(device.appState == .inactive)
        device.endInterruption()
        #expect(device.appState == .active)
    }

    @Test(arguments: [LaunchReason.fetch, .location, .voip, .newsstand, .transfer, .backgroundTask])
    func backgroundLaunchesStartInTheBackgroundAndSuspend(reason: LaunchReason) {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch(reason: reason)
        #expect(log.take() == [
            "didFinishLaunching(\(reason.rawValue)) background", "didEnterBackground background",
        ])
        #expect(device.appState == .suspended)
        #expect(device.launchReason == reason)
        device.openApp()
        #expect(log.take() == ["willEnterForeground background", "didBecomeActive active"])
    }

    @Test func terminatingARunningAppDeliversWillTerminate() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        _ = device.perform { application in
            application.beginBackgroundTask(withName: "upload")
        }
        device.pressHome()
        _ = log.take()
        device.terminate()
        #expect(log.take() == ["willTerminate background"])
        #expect(device.appState == .notRunning)
        #expect(device.launchReason == nil)
    }

    @Test func swipingAwayAnActiveAppResignsEntersTheBackgroundThenGetsWillTerminate() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        _ = log.take()
        device.terminate(.user)
        #expect(log.take() == ["willResignActive active", "didEnterBackground background", "willTerminate background"])
        #expect(device.appState == .notRunning)
        #expect(device.stateLines.suffix(3) == [
            "State: active → inactive", "State: inactive → background", "State: background → notRunning",
        ])
        #expect(device.energy.status().exits.foreground == [.normal: 1], "MetricKit counts the app switcher's swipe as a foreground exit")
        #expect(device.energy.status().endedLaunches.last?.endedOnScreen == true)
    }

    @Test func terminatingAnAppMadeInactiveByACallSkipsOnlyWillResignActive() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        device.beginInterruption()
        _ = log.take()
        device.terminate(.user)
        #expect(log.take() == ["didEnterBackground background", "willTerminate background"])
        #expect(device.appState == .notRunning)
    }

    @Test func aRunningBackgroundAppKilledByTheSystemGetsWillTerminate() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        _ = device.perform { application in
            application.beginBackgroundTask(withName: "upload")
        }
        device.pressHome()
        #expect(device.appState == .background)
        _ = log.take()
        device.terminate(.system(reason: "memory pressure"))
        #expect(log.take() == ["willTerminate background"])
        #expect(device.appState == .notRunning)
        #expect(device.console.recentMessages.contains("Terminated by the system: memory pressure"))
    }

    @Test func aSuspendedAppIsTerminatedWithoutAWord() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        device.pressHome()
        _ = log.take()
        device.terminate(.system(reason: "memory pressure"))
        #expect(log.take().isEmpty)
        #expect(device.appState == .notRunning)
        #expect(device.stateLines.last == "State: suspended → notRunning")
    }

    @Test func aRelaunchGetsAFreshApplication() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        let first = device.perform { WeakReference($0) }!
        device.terminate()
        device.openApp()
        let second = device.perform { WeakReference($0) }!
        #expect(first.isGone)
        #expect(!second.isGone)
        #expect(device.launchCount == 2)
        #expect(log.take().filter { $0.hasPrefix("didFinishLaunching") }.count == 2)
    }

    @Test func aTerminatedLaunchFreesItsApplicationAndDelegate() {
        let device = makeWorkerDevice()
        device.launch()
        let references = device.perform { application in
            (WeakReference(application), WeakReference(application.delegate!))
        }!
        device.terminate()
        device.openApp()
        #expect(references.0.isGone)
        #expect(references.1.isGone)
    }

    @Test func theCodeOfAnEndedLaunchEndsNothing() {
        let device = makeDevice { application, _ in TidyDelegate(application: application) }
        device.launch()
        #expect(device.status().assertions.map(\.name) == ["lifelong"])
        device.terminate()
        device.launch()
        device.advance(by: .seconds(1))
        #expect(device.status().assertions.map(\.name) == ["lifelong"])
        #expect(device.diagnostics.count == 0)
    }

    @Test func closureObserversSeeEachDeliveryAfterTheDelegateUntilRemoved() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        let token = device.perform { application in
            application.addObserver(for: .didEnterBackground) { log.append("observer \(application.applicationState.rawValue)") }
        }!
        _ = log.take()
        device.pressHome()
        #expect(log.take() == ["willResignActive active", "didEnterBackground background", "observer background"])
        device.openApp()
        _ = device.perform { $0.removeObserver(token) }
        _ = log.take()
        device.pressHome()
        #expect(log.take() == ["willResignActive active", "didEnterBackground background"])
    }

    @Test func asyncSequenceObserversReceiveDeliveriesOnTheAppExecutor() {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        _ = device.perform { application in
            application.task {
                for await event in application.notifications(of: .didBecomeActive) {
                    log.append("stream \(event.rawValue) \(application.applicationState.rawValue)")
                }
            }
        }
        _ = log.take()
        device.pressHome()
        device.openApp()
        device.pressHome()
        device.openApp()
        #expect(log.take().filter { $0.hasPrefix("stream") } == [
            "stream didBecomeActive active", "stream didBecomeActive active",
        ])
    }

    @Test func anAsyncSequenceObserverIsRemovedWhenItsConsumerStops() throws {
        let log = AppLog()
        let device = makeDevice(log: log)
        device.launch()
        let observers = { device.perform { $0.observerCount(of: .didEnterBackground) } ?? nil }
        let before = try #require(observers())
        _ = device.perform { application in
            application.task {
                for await _ in application.notifications(of: .didEnterBackground) {
                    log.append("stream")
                    break
                }
            }
        }
        // The loop waits for its first delivery: its observer is in.
        #expect(observers() == before + 1)
        device.pressHome()
        device.openApp()
        #expect(log.take().filter { $0 == "stream" } == ["stream"])
        // The loop ended after it: its observer is gone, and the next delivery finds no one.
        #expect(observers() == before)
        device.pressHome()
        #expect(!log.take().contains("stream"))
    }

    @Test func systemObserversSeeEveryStateChange() {
        let device = makeDevice()
        let changes = AppLog()
        device.observers.observeStateChanges { changes.append("\($0.from.rawValue)>\($0.to.rawValue)") }
        device.launch()
        device.pressHome()
        #expect(changes.take() == [
            "notRunning>inactive", "inactive>active", "active>inactive", "inactive>background", "background>suspended",
        ])
    }
}
