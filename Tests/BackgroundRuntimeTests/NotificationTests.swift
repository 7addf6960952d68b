import BackgroundRuntime
import BackgroundRuntimeTesting
import Testing

@Suite("Local notifications: permission, presenting, the banner and its action")
struct NotificationTests {
    private let call = LocalNotification(alertBody: "New VOIP call", alertAction: "Answer")

    @Test func anAuthorizedNotificationIsOnTheConsoleAndInTheBanner() throws {
        let device = makeDevice()
        device.launch()
        #expect(device.perform { $0.requestNotificationAuthorization() } == true)
        #expect(device.console.recentMessages.last == "\"TheBackgrounder\" Would Like to Send You Notifications: the user chose Allow")
        device.pressHome()
        device.wakeApp(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.console.recentMessages.contains("Notification: New VOIP call [Answer]"))
        let banner = try #require(device.notificationCenter.snapshot.banner)
        #expect(banner.consoleText == "New VOIP call [Answer]")
        let snapshot = try #require(device.snapshot(for: .notifications))
        #expect(snapshot.authorization == .authorized)
        #expect(snapshot.banner == banner)
        #expect(device.statusJSON().contains(#""banner":{"action":"Answer","alertBody":"New VOIP call""#))
    }

    @Test func aFocusHoldsActiveNotificationsAndLetsTimeSensitiveOnesThrough() throws {
        let device = makeDevice(iOS: 15)
        device.launch()
        device.perform { $0.requestNotificationAuthorization() }
        device.pressHome()
        device.conditions.setFocus(true)
        #expect(device.statusJSON().contains(#""focus":true"#))
        device.wakeApp(for: "socket data") { $0.presentLocalNotificationNow(LocalNotification(alertBody: "Lunch?")) }
        device.wakeApp(for: "socket data") {
            $0.presentLocalNotificationNow(LocalNotification(alertBody: "Your car is here", interruptionLevel: .timeSensitive))
        }
        let delivered = device.notificationCenter.snapshot.delivered
        #expect(delivered.map(\.held) == [.focus, nil])
        #expect(delivered.map(\.shown) == [false, true])
        #expect(delivered.map(\.interruptionLevel) == [.active, .timeSensitive])
        #expect(device.notificationCenter.snapshot.banner?.alertBody == "Your car is here")
        #expect(device.statusJSON().contains(#""held":"focus""#), "status says why it was held")
        #expect(device.console.recentMessages.contains(
            "Notification delivered quietly to Notification Center, no banner or sound: Lunch? [View] "
                + "(held: focus, a Focus is on and it is active, not time-sensitive or critical)"))

        device.conditions.setFocus(false)
        device.wakeApp(for: "socket data") { $0.presentLocalNotificationNow(LocalNotification(alertBody: "FYI", interruptionLevel: .passive)) }
        #expect(device.notificationCenter.snapshot.delivered.last?.held == nil)
        #expect(device.console.recentMessages.contains(
            "Notification: FYI [View] (passive: in Notification Center, without lighting the screen or a sound)"))

        // Before iOS 15, Do Not Disturb holds every notification, and there are no levels.
        let old = makeDevice(iOS: 14)
        old.launch()
        old.perform { $0.requestNotificationAuthorization() }
        old.pressHome()
        old.conditions.setFocus(true)
        old.wakeApp(for: "socket data") {
            $0.presentLocalNotificationNow(LocalNotification(alertBody: "Your car is here", interruptionLevel: .timeSensitive))
        }
        let held = try #require(old.notificationCenter.snapshot.delivered.last)
        #expect(held.held == .focus && held.interruptionLevel == nil)
        #expect(old.console.recentMessages.last { $0.hasPrefix("Notification delivered quietly") }?.hasSuffix("(held: focus, Do Not Disturb is on)") == true)
    }

    @Test func theScheduledSummaryHoldsNotificationsUntilItsHour() throws {
        let device = makeDevice(iOS: 15)
        device.launch()
        device.perform { $0.requestNotificationAuthorization() }
        device.pressHome()
        device.notificationCenter.setScheduledSummary(true)
        device.wakeApp(for: "socket data") { $0.presentLocalNotificationNow(LocalNotification(alertBody: "Weekly digest")) }
        device.wakeApp(for: "socket data") {
            $0.presentLocalNotificationNow(LocalNotification(alertBody: "Flight delayed", interruptionLevel: .timeSensitive))
        }
        #expect(device.notificationCenter.snapshot.delivered.map(\.held) == [.scheduledSummary, nil])
        #expect(device.statusJSON().contains(#""scheduledSummary":true"#))
        // The test device's clock starts at 03:31:11 (UTC); the summary comes at 08:00.
        device.advance(by: .seconds(16_128))
        #expect(device.notificationCenter.snapshot.delivered.first?.held == .scheduledSummary)
        device.advance(by: .seconds(1))
        let first = try #require(device.notificationCenter.snapshot.delivered.first)
        #expect(first.held == nil && first.shown)
        #expect(device.console.recentMessages.contains("Scheduled Summary: 1 notification from TheBackgrounder: Weekly digest [View]"))

        let old = makeDevice(iOS: 14)
        old.notificationCenter.setScheduledSummary(true)
        #expect(old.diagnostics.countByRule[.unavailableAPI] == 1, "the Scheduled Summary came with iOS 15")
    }

    @Test func aProvisionalPermissionPostsQuietlyWithoutAsking() throws {
        let device = makeDevice(iOS: 12)
        device.notificationCenter.permissionAnswer = .ask
        device.launch()
        #expect(device.perform { $0.requestProvisionalNotificationAuthorization() } == true, "no alert: the user is not asked")
        #expect(!device.console.recentMessages.contains { $0.contains("Would Like to Send You Notifications") })
        #expect(device.notificationCenter.snapshot.provisional)
        device.pressHome()
        device.wakeApp(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        let quiet = try #require(device.notificationCenter.snapshot.delivered.last)
        #expect(quiet.held == .provisional && !quiet.shown)
        #expect(device.notificationCenter.snapshot.banner == nil)
        device.notificationCenter.authorize(allow: true)
        #expect(!device.notificationCenter.snapshot.provisional, "kept: delivered prominently from now on")
        device.wakeApp(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.notificationCenter.snapshot.banner?.held == nil)
        #expect(device.notificationCenter.snapshot.banner != nil)

        let old = makeDevice(iOS: 11)
        old.notificationCenter.permissionAnswer = .ask
        old.launch()
        #expect(old.perform { $0.requestProvisionalNotificationAuthorization() } == false, "before iOS 12 the user is asked")
        #expect(old.notificationCenter.snapshot.authorization == .notDetermined, "the permission alert waits for the user")
        #expect(!old.notificationCenter.snapshot.provisional)
    }

    @Test func theUserIsAskedOnceAndARefusalDropsNotificationsWithADiagnostic() {
        let device = makeDevice()
        device.notificationCenter.permissionAnswer = .deny
        device.launch()
        #expect(device.perform { $0.requestNotificationAuthorization() } == false)
        #expect(device.perform { $0.requestNotificationAuthorization() } == false)
        #expect(device.console.recentMessages.filter { $0.contains("Would Like to Send You Notifications") }.count == 1)
        device.perform { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.notificationCenter.snapshot.banner == nil)
        #expect(device.diagnostics.countByRule[.notificationNotAuthorized] == 1)
        #expect(device.diagnosticMessages.last?.contains("authorization is denied") == true)
    }

    @Test func withoutAskingNoNotificationFromIOS8OnButIOS6NeedsNoPermission() {
        let device = makeDevice()
        device.launch()
        device.perform { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.diagnostics.countByRule[.notificationNotAuthorized] == 1)

        let old = makeDevice(iOS: 6)
        old.launch()
        old.pressHome()
        old.wakeApp(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(old.notificationCenter.snapshot.banner?.alertBody == "New VOIP call")
        #expect(old.diagnostics.count == 0)
    }

    @Test func answerBringsTheAppToTheForegroundEvenWhenItIsNotRunning() {
        let device = makeDevice()
        device.launch()
        device.perform { $0.requestNotificationAuthorization() }
        device.pressHome()
        device.wakeApp(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.appState == .suspended)
        let answered = device.notificationCenter.answer()
        #expect(answered?.answered == true)
        #expect(device.appState == .active)
        #expect(device.console.recentMessages.contains("Notification action chosen: New VOIP call [Answer]"))
        #expect(device.notificationCenter.snapshot.banner == nil)
        #expect(device.notificationCenter.answer() == nil)

        device.pressHome()
        device.wakeApp(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        device.terminate(.user)
        #expect(device.notificationCenter.answer() != nil)
        #expect(device.appState == .active)
        #expect(device.launchCount == 2)
    }

    @Test func theCenterKeepsTheLatestTwenty() {
        let device = makeDevice(iOS: 6)
        device.launch()
        device.pressHome()
        device.wakeApp(for: "socket data") { application in
            for index in 0..<50 { application.presentLocalNotificationNow(LocalNotification(alertBody: "call \(index)")) }
        }
        #expect(device.notificationCenter.snapshot.delivered.count == 20)
        #expect(device.notificationCenter.snapshot.delivered.first?.alertBody == "call 30")
        #expect(device.notificationCenter.snapshot.banner?.alertBody == "call 49")
        #expect(device.notificationCenter.snapshot.banner?.action == "View")
    }

    @Test func askingShowsTheAlertAndTheUsersAnswerDecides() throws {
        let device = makeDevice()
        device.notificationCenter.permissionAnswer = .ask
        device.launch()
        #expect(device.perform { $0.requestNotificationAuthorization() } == false)
        #expect(device.perform { $0.requestNotificationAuthorization() } == false)
        let alert = try #require(device.alerts.onScreen.first)
        #expect(device.alerts.onScreen.count == 1)
        #expect(alert.title == "“TheBackgrounder” Would Like to Send You Notifications")
        #expect(alert.buttons == [
            SystemAlertButton(title: "Don’t Allow", command: "notification authorize deny"),
            SystemAlertButton(title: "Allow", command: "notification authorize allow"),
        ])
        #expect(device.notificationCenter.snapshot.authorization == .notDetermined)
        device.perform { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.diagnosticMessages.last?.contains("authorization is notDetermined") == true)
        device.notificationCenter.authorize(allow: true)
        #expect(device.alerts.onScreen.isEmpty)
        #expect(device.notificationCenter.snapshot.authorization == .authorized)
        #expect(device.console.recentMessages.last == "\"TheBackgrounder\" Would Like to Send You Notifications: the user chose Allow")
        device.pressHome()
        device.wakeApp(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.notificationCenter.snapshot.banner?.alertBody == "New VOIP call")
    }
}
