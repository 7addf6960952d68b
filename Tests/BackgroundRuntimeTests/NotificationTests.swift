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
        let banner = try #require(device.notificationCenter.snapshot.banner)
        #expect(banner.consoleText == "New VOIP call [Answer]")
        let snapshot = try #require(device.snapshot(for: .notifications))
        #expect(snapshot.authorization == .authorized)
        #expect(snapshot.banner == banner)
        #expect(device.statusJSON().contains(#""banner":{"action":"Answer","alertBody":"New VOIP call""#))
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
        old.wake(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(old.notificationCenter.snapshot.banner?.alertBody == "New VOIP call")
        #expect(old.diagnostics.count == 0)
    }

    @Test func answerBringsTheAppToTheForegroundEvenWhenItIsNotRunning() {
        let device = makeDevice()
        device.launch()
        device.perform { $0.requestNotificationAuthorization() }
        device.pressHome()
        device.wake(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.appState == .suspended)
        let answered = device.notificationCenter.answer()
        #expect(answered?.answered == true)
        #expect(device.appState == .active)
        #expect(device.console.recentMessages.contains("Notification action chosen: New VOIP call [Answer]"))
        #expect(device.notificationCenter.snapshot.banner == nil)
        #expect(device.notificationCenter.answer() == nil)

        device.pressHome()
        device.wake(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        device.terminate(.user)
        #expect(device.notificationCenter.answer() != nil)
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
        device.wake(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(device.notificationCenter.snapshot.banner?.alertBody == "New VOIP call")
    }
}
