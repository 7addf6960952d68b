import BackgroundRuntime
import BackgroundRuntimeTesting
import Testing

@Suite("Notification requests: kept by the system until their triggers fire")
struct NotificationRequestTests {
    private func reminder(_ identifier: String = "stand-up", after seconds: Double = 60, repeats: Bool = false) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, notification: LocalNotification(alertBody: "Stand up", title: "Reminder"),
            trigger: NotificationTrigger(timeInterval: seconds, repeats: repeats))
    }

    private func makeAllowedDevice() -> TestDevice {
        let device = makeDevice()
        device.launch()
        device.perform { $0.requestNotificationAuthorization() }
        return device
    }

    @Test func aRequestIsPresentedWhenItsTriggerFiresWhileTheAppIsSuspended() throws {
        let device = makeAllowedDevice()
        device.perform { [request = reminder()] in $0.add(request) }
        device.pressHome()
        #expect(device.notificationCenter.snapshot.pending.map(\.identifier) == ["stand-up"])
        device.advance(by: .seconds(59))
        #expect(device.notificationCenter.snapshot.banner == nil)
        device.advance(by: .seconds(1))
        let banner = try #require(device.notificationCenter.snapshot.banner)
        #expect(banner.consoleText == "Reminder: Stand up [View]" && banner.collapseID == "stand-up")
        #expect(device.appState == .suspended, "the app is not woken for it")
        #expect(device.notificationCenter.snapshot.pending.isEmpty)

        device.openApp()
        device.perform { [request = reminder(after: 60, repeats: true)] in $0.add(request) }
        device.perform { [request = reminder(after: 120)] in $0.add(request) }
        #expect(device.notificationCenter.snapshot.pending.count == 1, "the same identifier replaces the pending request")
        device.pressHome()
        device.advance(by: .seconds(60))
        #expect(device.notificationCenter.snapshot.delivered.count == 1, "the replaced request never fires")
        device.advance(by: .seconds(60))
        #expect(device.notificationCenter.snapshot.delivered.count == 1, "shown again, it replaces the one with its identifier")
        #expect(device.notificationCenter.snapshot.delivered.last?.time == 180)
    }

    @Test func aRepeatingRequestFiresUntilTheAppRemovesIt() {
        let device = makeAllowedDevice()
        device.perform { [request = reminder(after: 60, repeats: true)] in $0.add(request) }
        device.pressHome()
        device.advance(by: .seconds(180))
        #expect(device.console.recentMessages.filter { $0 == "Notification: Reminder: Stand up [View]" }.count == 3)
        device.openApp()
        device.perform { $0.removePendingNotificationRequests(withIdentifiers: nil) }
        device.advance(by: .seconds(600))
        #expect(device.console.recentMessages.filter { $0.hasPrefix("Notification: Reminder") }.count == 3)
        #expect(device.notificationCenter.snapshot.pending.isEmpty)
    }

    @Test func withoutPermissionARequestIsRefused() {
        let device = makeDevice()
        device.notificationCenter.permissionAnswer = .deny
        device.launch()
        device.perform { $0.requestNotificationAuthorization() }
        let taken = device.perform { [request = reminder()] application -> Bool in application.add(request) }
        #expect(taken == false)
        #expect(device.notificationCenter.snapshot.pending.isEmpty)
        #expect(device.diagnostics.countByRule[.notificationNotAuthorized] == 1)
    }

    @Test func onlyTheSixtyFourRequestsThatFireSoonestAreKept() {
        let device = makeAllowedDevice()
        device.perform { [self] application in
            for index in (1...65).reversed() { application.add(reminder("r\(index)", after: Double(index) * 60)) }
        }
        let pending = device.notificationCenter.snapshot.pending
        #expect(pending.count == 64 && pending.first?.identifier == "r1" && pending.last?.identifier == "r64")
        #expect(device.console.recentMessages.contains("Notification request r65 discarded: the system keeps the 64 that fire soonest"))
    }

    @Test func theCompletionOfARequestForPermissionWaitsForTheUsersAnswer() {
        let device = makeDevice()
        device.notificationCenter.permissionAnswer = .ask
        device.launch()
        let answers = Recorder<Void, Bool>(())
        device.perform { $0.requestNotificationAuthorization { answers.append($0) } }
        #expect(answers.entries.isEmpty, "the alert waits for the user")
        device.notificationCenter.authorize(allow: true)
        #expect(answers.entries == [true])
        device.perform { $0.requestNotificationAuthorization { answers.append($0) } }
        #expect(answers.entries == [true, true], "decided, it answers at once")
    }
}
