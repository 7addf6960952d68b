import BackgroundRuntime
import BackgroundRuntimeTesting
import Testing

@Suite("Notification actions: categories, actions that open the app and actions handled in the background")
struct NotificationActionTests {
    private let call = LocalNotification(alertBody: "New VOIP call", alertAction: "Answer", categoryIdentifier: "call")

    @Test func aBackgroundActionWakesTheSuspendedAppAndItSleepsAgainOnceHandled() throws {
        let log = AppLog()
        let device = makeActionDevice(log: log)
        device.launchAndPresent(call)
        #expect(device.appState == .suspended)
        _ = log.take()
        let banner = try #require(device.notificationCenter.snapshot.banner)
        #expect(banner.actions?.map(\.identifier) == ["accept", "decline", "block"], "the category's buttons")
        #expect(device.statusJSON().contains(#""actions":[{"identifier":"accept","options":["foreground"],"title":"Accept"}"#))

        try device.notificationCenter.answer(id: banner.id, action: "decline")
        #expect(log.take() == ["didReceive 1 decline in background"], "handed over in the background, not opened")
        #expect(device.appState == .background, "it runs until it calls the completion handler")
        #expect(device.console.recentMessages.contains(
            "Notification action chosen: New VOIP call [Answer] → Decline, handled in the background"))
        device.perform { ($0.delegate as? ActionDelegate)?.completeHeld() }
        #expect(device.appState == .suspended)
        #expect(device.notificationCenter.snapshot.banner == nil, "answered")
    }

    @Test func aBackgroundActionLaunchesAnAppThatIsNotRunningIntoTheBackground() throws {
        let log = AppLog()
        let device = makeActionDevice(log: log, completesAtOnce: true)
        device.launchAndPresent(call)
        device.terminate(.system(reason: "memory"))
        #expect(device.appState == .notRunning)
        _ = log.take()

        try device.notificationCenter.answer(id: nil, action: "decline")
        #expect(log.take() == ["didFinishLaunching notificationAction", "didReceive 1 decline in background"])
        #expect(device.appState == .suspended, "handled, it is suspended again without coming on screen")
        #expect(device.stateLines.last == "State: background → suspended")
    }

    @Test func aForegroundActionOrTheDefaultOneOpensTheApp() throws {
        for action in ["accept", nil] {
            let log = AppLog()
            let device = makeActionDevice(log: log, completesAtOnce: true)
            device.launchAndPresent(call)
            _ = log.take()
            try device.notificationCenter.answer(id: nil, action: action)
            #expect(device.appState == .active)
            let identifier = action ?? NotificationResponse.defaultActionIdentifier
            #expect(log.take().last == "didReceive 1 \(identifier) in active")
        }
    }

    @Test func aBackgroundActionLeavesAnAppOnScreenWhereItIs() throws {
        let log = AppLog()
        let device = makeActionDevice(log: log, completesAtOnce: true)
        device.launchAndPresent(call)
        device.openApp()
        _ = log.take()
        try device.notificationCenter.answer(id: 1, action: "decline")
        #expect(log.take() == ["didReceive 1 decline in active"])
        #expect(device.appState == .active)
    }

    @Test func anActionThatNeedsAuthenticationWaitsForTheUnlock() throws {
        let log = AppLog()
        let device = makeActionDevice(log: log, completesAtOnce: true)
        device.launchAndPresent(call)
        device.conditions.lockScreen()
        _ = log.take()
        try device.notificationCenter.answer(id: 1, action: "block")
        #expect(log.take().isEmpty, "the app hears nothing while the device is locked")
        #expect(device.notificationCenter.snapshot.banner == nil, "chosen: the notification no longer waits")
        #expect(device.console.recentMessages.contains(
            "Notification action chosen: New VOIP call [Answer] → Block; it needs an unlocked device "
                + "(authenticationRequired): the system asks for the passcode and tells the app once the user unlocks"))
        device.conditions.unlockScreen()
        #expect(log.take() == ["didReceive 1 block in background"],
                "“After unlocking, the system notifies your app of the selected action”: the user does not choose it again")

        let other = makeActionDevice(log: log, completesAtOnce: true)
        other.launchAndPresent(call)
        other.conditions.lockScreen()
        _ = log.take()
        try other.notificationCenter.answer(id: 1, action: "decline")
        #expect(log.take() == ["didReceive 1 decline in background"], "an action without the option runs while locked")
    }

    @Test func anActionLeftUnhandledHoldsTheAppThirtySecondsAtMost() throws {
        let log = AppLog()
        let device = makeActionDevice(log: log)
        device.launchAndPresent(call)
        try device.notificationCenter.answer(id: nil, action: "decline")
        device.advance(by: .seconds(29))
        #expect(device.appState == .background)
        device.advance(by: .seconds(1))
        #expect(device.appState == .suspended)
        #expect(device.console.recentMessages.contains(
            "The app did not handle the notification action decline within 30 s; the event no longer keeps it running"))
    }

    @Test func anUnknownActionOrNoWaitingNotificationIsRefusedByName() {
        let device = makeActionDevice(log: AppLog())
        device.launch()
        #expect(throws: NotificationAnswerRefusal.notWaiting(id: nil)) { try device.notificationCenter.answer(id: nil, action: nil) }
        device.pressHome()
        device.wakeApp(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(throws: NotificationAnswerRefusal.noSuchAction("reply", notification: 1, available: ["accept", "decline", "block"])) {
            try device.notificationCenter.answer(id: 1, action: "reply")
        }
        #expect(NotificationAnswerRefusal.noSuchAction("reply", notification: 1, available: ["accept"]).description
            == "notification 1 has no action reply; its actions: accept")
    }

    @Test func aPushNamesItsCategoryWithApsCategory() throws {
        let payload = try PushPayload(aps: #"{"alert":"New VOIP call","category":"call"}"#)
        #expect(payload.category == "call")
        #expect(try PushPayload(aps: #"{"alert":"hi"}"#).category == nil)
    }

    @Test func beforeIOS8CategoriesAreUnavailableAndTheOneActionOpensTheApp() throws {
        let log = AppLog()
        let device = makeActionDevice(iOS: 7, log: log, completesAtOnce: true)
        device.launchAndPresent(call)
        #expect(device.diagnostics.countByRule[.unavailableAPI] == 1, "setNotificationCategories at launch")
        #expect(device.notificationCenter.snapshot.banner?.actions == nil)
        #expect(throws: NotificationAnswerRefusal.noSuchAction("decline", notification: 1, available: [])) {
            try device.notificationCenter.answer(id: nil, action: "decline")
        }
        try device.notificationCenter.answer(id: nil, action: nil)
        #expect(device.appState == .active)
    }

    private func makeActionDevice(iOS version: Int = 10, log: AppLog, completesAtOnce: Bool = false) -> TestDevice {
        makeDevice(iOS: version, log: log) { _, log in ActionDelegate(log: log, completesAtOnce: completesAtOnce) }
    }
}

extension TestDevice {
    /// Launches the app, sends it to the background and presents `notification` from there: the
    /// app is suspended and the notification shows as the banner.
    fileprivate func launchAndPresent(_ notification: LocalNotification) {
        launch()
        pressHome()
        wakeApp(for: "socket data") { $0.presentLocalNotificationNow(notification) }
    }
}
