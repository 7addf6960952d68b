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
        device.wake(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.console.recentMessages.contains("Notification: New VOIP call [Answer]"))
        let banner = try #require(device.notifications.banner)
        #expect(banner.consoleText == "New VOIP call [Answer]")
        let snapshot = try #require(device.snapshot(for: .notifications))
        #expect(snapshot.authorization == .authorized)
        #expect(snapshot.banner == banner)
        #expect(device.statusJSON().contains(#""banner":{"action":"Answer","alertBody":"New VOIP call""#))
    }

    @Test func theUserIsAskedOnceAndARefusalDropsNotificationsWithADiagnostic() {
        let device = makeDevice()
        device.notificationPermissionAnswer = .deny
        device.launch()
        #expect(device.perform { $0.requestNotificationAuthorization() } == false)
        #expect(device.perform { $0.requestNotificationAuthorization() } == false)
        #expect(device.console.recentMessages.filter { $0.contains("Would Like to Send You Notifications") }.count == 1)
        device.perform { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.notifications.banner == nil)
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
        old.wake(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(old.notifications.banner?.alertBody == "New VOIP call")
        #expect(old.diagnostics.count == 0)
    }

    @Test func answerBringsTheAppToTheForegroundEvenWhenItIsNotRunning() {
        let device = makeDevice()
        device.launch()
        device.perform { $0.requestNotificationAuthorization() }
        device.pressHome()
        device.wake(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.appState == .suspended)
        let answered = device.answerNotification()
        #expect(answered?.answered == true)
        #expect(device.appState == .active)
        #expect(device.console.recentMessages.contains("Notification action chosen: New VOIP call [Answer]"))
        #expect(device.notifications.banner == nil)
        #expect(device.answerNotification() == nil)

        device.pressHome()
        device.wake(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        device.terminate(.user)
        #expect(device.answerNotification() != nil)
        #expect(device.appState == .active)
        #expect(device.launchCount == 2)
    }

    @Test func theCenterKeepsTheLatestTwenty() {
        let device = makeDevice(iOS: 6)
        device.launch()
        device.pressHome()
        device.wake(for: "socket data") { application in
            for index in 0..<50 { application.presentLocalNotificationNow(LocalNotification(alertBody: "call \(index)")) }
        }
        #expect(device.notifications.delivered.count == 20)
        #expect(device.notifications.delivered.first?.alertBody == "call 30")
        #expect(device.notifications.banner?.alertBody == "call 49")
        #expect(device.notifications.banner?.action == "View")
    }

    @Test func askingShowsTheAlertAndTheUsersAnswerDecides() throws {
        let device = makeDevice()
        device.notificationPermissionAnswer = .ask
        device.launch()
        #expect(device.perform { $0.requestNotificationAuthorization() } == false)
        #expect(device.perform { $0.requestNotificationAuthorization() } == false)
        let alert = try #require(device.alerts.first)
        #expect(device.alerts.count == 1)
        #expect(alert.title == "“TheBackgrounder” Would Like to Send You Notifications")
        #expect(alert.buttons == [
            SystemAlertButton(title: "Don’t Allow", command: "notification authorize deny"),
            SystemAlertButton(title: "Allow", command: "notification authorize allow"),
        ])
        #expect(device.notifications.authorization == .notDetermined)
        device.perform { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.diagnosticMessages.last?.contains("authorization is notDetermined") == true)
        device.authorizeNotifications(allow: true)
        #expect(device.alerts.isEmpty)
        #expect(device.notifications.authorization == .authorized)
        #expect(device.console.recentMessages.last == "\"TheBackgrounder\" Would Like to Send You Notifications: the user chose Allow")
        device.pressHome()
        device.wake(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.notifications.banner?.alertBody == "New VOIP call")
    }
}
