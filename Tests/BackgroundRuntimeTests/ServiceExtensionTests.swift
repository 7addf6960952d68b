import BackgroundRuntime
import Foundation
import Testing

@Suite("The Notification Service Extension: mutable-content pushes changed before they show, within about 30 s")
struct ServiceExtensionTests {
    /// A device whose app has a ``ScriptedServiceExtension`` behaving as `behaviour`.
    private func makeDevice(
        iOS version: Int = 10, _ behaviour: ScriptedServiceExtension.Behaviour, calls: ScriptedServiceExtension.Calls,
        recorder: PushRecorder = PushRecorder(.init())
    ) -> TestDevice {
        var setup = DeviceSetup(
            profile: PolicyProfile(iOS: version)!, infoPlist: InfoPlist(backgroundModes: [.remoteNotification])
        ) { _ in PushingDelegate(recorder: recorder) }
        setup.notificationServiceExtension = { ScriptedServiceExtension(behaviour, calls: calls) }
        let device = TestDevice(setup)
        device.notificationCenter.permissionAnswer = .allow
        return device
    }

    private func mutable(_ text: String, id: String = "M", extra: String = "") -> RemotePush {
        RemotePush(
            id: id, type: .alert, priority: 10, topic: "com.raywenderlich.TheBackgrounder",
            payload: try! PushPayload(data: Data(#"{"aps":{"alert":"\#(text)","mutable-content":1}\#(extra)}"#.utf8)))
    }

    private func shown(_ device: TestDevice) -> [String] {
        device.notificationCenter.snapshot.delivered.map(\.alertBody)
    }

    @Test func anExtensionOverItsMemoryLimitIsEndedAndTheOriginalShows() {
        let calls = ScriptedServiceExtension.Calls()
        let device = makeDevice(.never, calls: calls)
        device.launch()
        device.pressHome()
        device.push.receive(mutable("Ciphertext", id: "BIG"))
        #expect(shown(device).isEmpty, "the extension works on it")
        device.push.serviceExtensionUsedMemory(20 << 20, forPush: "BIG")
        #expect(shown(device).isEmpty, "20 MB is within the limit")
        #expect(device.push.serviceExtensionUsedMemory(30 << 20, forPush: "BIG"), "the extension was working on it")
        #expect(shown(device) == ["Ciphertext"], "jetsam ended the extension: the original shows at once")
        #expect(!device.push.serviceExtensionUsedMemory(30 << 20, forPush: "BIG"), "and works on it no more")
        #expect(device.diagnosticMessages(.serviceExtensionMemoryLimit) == [
            "the Notification Service Extension used 30 MB working on push BIG, over its limit of 24 MB: jetsam ended it "
                + "without serviceExtensionTimeWillExpire(), and the original content shows; keep images and buffers small "
                + "in the extension",
        ])
        device.advance(by: .seconds(30))
        #expect(shown(device) == ["Ciphertext"], "no second showing when its 30 s would have been up")
        #expect(device.diagnostics.countByRule[.serviceExtensionTimeout] == nil)
    }

    @Test func aMutableContentPushIsChangedByTheExtensionBeforeItShowsAndTheSuspendedAppSleepsOn() {
        let calls = ScriptedServiceExtension.Calls()
        let recorder = PushRecorder(.init())
        let device = makeDevice(.decorate("🔓 "), calls: calls, recorder: recorder)
        device.launch()
        device.pressHome()
        device.push.receive(mutable("Secret", extra: #","ciphertext":"c2VjcmV0""#))
        #expect(shown(device) == ["🔓 Secret"])
        let request = try! #require(calls.requests.withLock { $0.first })
        #expect(request.identifier == "M" && request.content.alertBody == "Secret")
        #expect(request.payload.fields["ciphertext"] == "c2VjcmV0")
        // The app is not woken: the extension is not the app.
        #expect(device.appState == .suspended)
        #expect(recorder.entries.remoteNotifications.isEmpty)
        #expect(device.console.recentMessages.contains("The Notification Service Extension changed push M's notification: \"🔓 Secret\""))
    }

    @Test func anAppThatIsNotRunningIsNotLaunchedForItsExtension() {
        let calls = ScriptedServiceExtension.Calls()
        let device = makeDevice(.decorate("+ "), calls: calls)
        device.launch()
        device.terminate(.user)
        device.push.receive(mutable("Hello"))
        #expect(shown(device) == ["+ Hello"])
        #expect(device.appState == .notRunning)
    }

    @Test func theNotificationWaitsForTheHandlerAndOnlyItsFirstCallCounts() {
        let calls = ScriptedServiceExtension.Calls()
        let device = makeDevice(.later, calls: calls)
        device.launch()
        device.pressHome()
        device.push.receive(mutable("Photo"))
        #expect(shown(device).isEmpty)
        device.advance(by: .seconds(29))
        #expect(shown(device).isEmpty)
        calls.deliver("Photo, with its picture")
        device.runUntilIdle()
        #expect(shown(device) == ["Photo, with its picture"])
        calls.deliver("again")
        device.advance(by: .seconds(60))
        #expect(shown(device) == ["Photo, with its picture"])
        #expect(calls.expirations.withLock { $0 } == 0)
        #expect(device.console.recentMessages.contains(
            "The Notification Service Extension's content handler was called again, or too late; it is ignored"))
    }

    @Test func after30SecondsTimeWillExpireGivesTheBestAttempt() {
        let calls = ScriptedServiceExtension.Calls()
        let device = makeDevice(.whenExpiring("(partial) "), calls: calls)
        device.launch()
        device.pressHome()
        device.push.receive(mutable("Download"))
        device.advance(by: .milliseconds(29_999))
        #expect(calls.expirations.withLock { $0 } == 0 && shown(device).isEmpty)
        device.advance(by: .milliseconds(1))
        #expect(calls.expirations.withLock { $0 } == 1)
        #expect(shown(device) == ["(partial) Download"])
        #expect(device.diagnostics.countByRule[.serviceExtensionTimeout] == nil)
    }

    @Test func anExtensionThatNeverCallsTheHandlerLeavesTheOriginalContentAndADiagnostic() {
        let calls = ScriptedServiceExtension.Calls()
        let device = makeDevice(.never, calls: calls)
        device.launch()
        device.pressHome()
        device.push.receive(mutable("Original"))
        device.advance(by: .seconds(30))
        #expect(calls.expirations.withLock { $0 } == 1)
        #expect(shown(device) == ["Original"])
        #expect(device.diagnostics.countByRule[.serviceExtensionTimeout] == 1)
    }

    @Test func silentPushesPushesWithoutMutableContentAndAppsWithoutAlertsSkipTheExtension() throws {
        let calls = ScriptedServiceExtension.Calls()
        let device = makeDevice(.decorate("!"), calls: calls)
        device.launch()
        device.pressHome()
        device.push.receive(.alert("Plain"))
        device.push.receive(RemotePush(
            id: "S", type: .background, priority: 5, topic: "com.raywenderlich.TheBackgrounder",
            payload: try PushPayload(aps: #"{"content-available":1,"mutable-content":1}"#)))
        #expect(shown(device) == ["Plain"])
        device.notificationCenter.authorize(allow: false)
        device.push.receive(mutable("Refused"))
        #expect(calls.requests.withLock { $0.isEmpty })
        #expect(shown(device) == ["Plain"])
    }

    @Test func beforeIOS10MutableContentIsIgnored() {
        let calls = ScriptedServiceExtension.Calls()
        let device = makeDevice(iOS: 9, .decorate("!"), calls: calls)
        device.launch()
        device.pressHome()
        device.push.receive(mutable("As sent"))
        #expect(shown(device) == ["As sent"])
        #expect(calls.requests.withLock { $0.isEmpty })
    }
}
