import BackgroundRuntimeTesting
import Foundation
import Testing
import UserNotifications

@Suite("UserNotifications' spelling: the permission, requests with triggers, the delegate")
struct UserNotificationsTests {
    private func makeReminderDevice(log: AppLog) -> TestDevice {
        makeSpelledDevice { ReminderApp(log: log) }
    }

    @Test func aTimeIntervalRequestShowsAfterItsSecondsAndTheAnswerReachesTheDelegate() throws {
        let log = AppLog()
        let device = makeReminderDevice(log: log)
        device.launch()
        device.perform { ($0.delegate as? ReminderApp)?.remind(in: 60) }
        #expect(log.take() == ["authorized true error none", "added water error none"])
        device.pressHome()
        device.advance(by: .seconds(59))
        #expect(device.notificationCenter.snapshot.banner == nil)
        device.advance(by: .seconds(1))
        let banner = try #require(device.notificationCenter.snapshot.banner)
        #expect(banner.consoleText == "Reminder: Water the plants [View]")
        #expect(banner.actions?.map(\.identifier) == ["snooze"], "the category's button")
        #expect(device.appState == .suspended && log.take().isEmpty, "the app is not woken for it")

        try device.notificationCenter.answer(id: banner.id, action: "snooze")
        #expect(log.take() == ["didReceive water snooze Reminder/Water the plants plant fern badge 1 in background"])
        #expect(device.appState == .suspended, "handled, the app sleeps again")
    }

    @Test func aTapOnTheNotificationOpensTheAppWithTheDefaultAction() throws {
        let log = AppLog()
        let device = makeReminderDevice(log: log)
        device.launch()
        device.perform { ($0.delegate as? ReminderApp)?.remind(in: 60) }
        device.pressHome()
        device.terminate(.user)
        device.advance(by: .seconds(60))
        _ = log.take()
        device.notificationCenter.answer()
        #expect(device.appState == .active)
        #expect(log.take().last == "didReceive water \(UNNotificationDefaultActionIdentifier) Reminder/Water the plants plant fern badge 1 in active")
    }

    @Test func whileTheAppIsActiveWillPresentDecidesOnTheBanner() {
        let log = AppLog()
        let device = makeReminderDevice(log: log)
        device.launch()
        device.perform { ($0.delegate as? ReminderApp)?.remind(in: 10, identifier: "shown") }
        device.advance(by: .seconds(10))
        #expect(log.take().last == "willPresent shown")
        #expect(device.notificationCenter.snapshot.banner?.collapseID == "shown")
        device.perform { application in
            (application.delegate as? ReminderApp)?.presentation = [.sound]
            (application.delegate as? ReminderApp)?.remind(in: 10, identifier: "hidden")
        }
        device.advance(by: .seconds(10))
        #expect(log.take().last == "willPresent hidden")
        #expect(device.notificationCenter.snapshot.banner?.collapseID == "shown", "a sound alone shows no banner")
    }

    @Test func thePermissionWaitsForTheUsersAnswerAndWithoutItARequestIsRefused() {
        let log = AppLog()
        let device = makeReminderDevice(log: log)
        device.notificationCenter.permissionAnswer = .ask
        device.launch()
        #expect(log.take().isEmpty, "the alert waits for the user")
        #expect(device.perform { _ in UNUserNotificationCenter.current().settingsStatus } == .notDetermined)
        device.notificationCenter.authorize(allow: false)
        #expect(log.take() == ["authorized false error none"])
        #expect(device.perform { _ in UNUserNotificationCenter.current().settingsStatus } == .denied)
        device.perform { ($0.delegate as? ReminderApp)?.remind(in: 60) }
        #expect(log.take() == ["added water error notificationsNotAllowed"])
        #expect(device.diagnostics.countByRule[.notificationNotAuthorized] == 1)
    }

    @Test func theCenterIsOfNoActorAndARequestAddedFromABackgroundQueueIsCarriedOutOnTheMainThread() async {
        let device = makeReminderDevice(log: AppLog())
        device.launch()
        let center = device.perform { _ in UNUserNotificationCenter.current() }
        let content = UNMutableNotificationContent()
        content.title = "Synced"
        let request = UNNotificationRequest(
            identifier: "synced", content: content, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                center?.add(request)
                done.resume()
            }
        }
        #expect(device.notificationCenter.snapshot.pending.isEmpty, "posted to the app's main thread, after its queued jobs")
        device.runUntilIdle()
        #expect(device.notificationCenter.snapshot.pending.map(\.identifier) == ["synced"])
    }

    @Test func pendingRequestsAreListedAndRemoved() {
        let log = AppLog()
        let device = makeReminderDevice(log: log)
        device.launch()
        let pending = device.perform { application in
            (application.delegate as? ReminderApp)?.remind(in: 120, identifier: "later")
            (application.delegate as? ReminderApp)?.remind(in: 60, identifier: "sooner")
            var identifiers: [String] = []
            UNUserNotificationCenter.current().getPendingNotificationRequests { requests in
                identifiers = requests.map { "\($0.identifier) \(($0.trigger as? UNTimeIntervalNotificationTrigger)?.timeInterval ?? 0)" }
            }
            UNUserNotificationCenter.current().removePendingNotificationRequests(withIdentifiers: ["sooner"])
            return identifiers
        }
        #expect(pending == ["sooner 60.0", "later 120.0"])
        #expect(device.notificationCenter.snapshot.pending.map(\.identifier) == ["later"])
        device.perform { _ in UNUserNotificationCenter.current().removeAllPendingNotificationRequests() }
        device.advance(by: .seconds(600))
        #expect(device.notificationCenter.snapshot.delivered.isEmpty)
    }

    @Test func theDeliveredNotificationsAreThoseWaitingInNotificationCenter() {
        let device = makeReminderDevice(log: AppLog())
        device.launch()
        device.perform { ($0.delegate as? ReminderApp)?.remind(in: 60) }
        device.pressHome()
        device.advance(by: .seconds(60))
        let shownAt = device.date
        device.openApp()
        let delivered = device.perform { _ in
            var found: [String] = []
            UNUserNotificationCenter.current().getDeliveredNotifications { notifications in
                found = notifications.map { "\($0.request.identifier) \(abs($0.date.timeIntervalSince(shownAt)) < 0.01 ? "when shown" : "at \($0.date)")" }
            }
            return found
        }
        #expect(delivered == ["water when shown"])
    }
}

extension UNUserNotificationCenter {
    /// The permission, as `getNotificationSettings` hands it over.
    fileprivate var settingsStatus: UNAuthorizationStatus? {
        var status: UNAuthorizationStatus?
        getNotificationSettings { status = $0.authorizationStatus }
        return status
    }
}
