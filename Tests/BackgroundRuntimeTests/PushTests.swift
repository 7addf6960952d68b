import BackgroundRuntime
import Foundation
import Testing

@Suite("Pushes: remote notifications wake the app for 30 s; throttles, offline, Low Power Mode; Newsstand; VoIP and CallKit")
struct PushTests {
    @Test func registrationGivesTheTokensAndStatusShowsThem() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(recorder: recorder)
        #expect(device.push.status.deviceToken == nil && device.push.status.voipToken == nil)
        device.launch()
        let tokens = device.push.tokens
        #expect(recorder.entries.map(\.kind) == [.registered(tokens.device), .voipToken(tokens.voip)])
        #expect(device.push.status.deviceToken == tokens.device.hex && device.push.status.voipToken == tokens.voip.hex)
        #expect(tokens.device.hex.count == 64 && tokens.device != tokens.voip)
        #expect(device.push.use(of: tokens.device) == .remoteNotifications && device.push.use(of: tokens.voip) == .voip)
        #expect(device.push.use(of: PushToken(hex: String(repeating: "0", count: 64))!) == nil)
        #expect(device.statusJSON().contains(#""push":{"deviceToken":"\#(tokens.device.hex)""#))
    }

    @Test func registrationFailsWhileOfflineAndNewTokensNeedANewRegistration() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(recorder: recorder)
        device.conditions.setNetworkConnectivity(false)
        device.launch()
        #expect(recorder.entries.first?.kind == .registrationFailed)
        let old = device.push.tokens
        device.push.renewTokens()
        #expect(device.push.tokens.device != old.device && device.push.use(of: device.push.tokens.voip) == .unregistered)
    }

    @Test func aBackgroundPushWakesTheSuspendedAppIntoItsHandler() {
        let recorder = PushRecorder(.init(duration: .seconds(10)))
        let device = makePushDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        #expect(device.appState == .suspended)
        device.push.receive(.background())
        #expect(device.appState == .background)
        #expect(recorder.entries.remoteNotifications == [
            PushRecord(kind: .remoteNotification(aps: #"{"content-available":1}"#), state: .background, launchReason: .user)
        ])
        device.advance(by: .seconds(10))
        #expect(device.appState == .suspended)
        let lines = device.console.recentMessages
        #expect(lines.contains("Woken in the background: a remote notification"))
        #expect(lines.contains("Remote notification 1 completed with newData after 10.0 s"))
    }

    @Test func aBackgroundPushLaunchesAnAppThatIsNotRunning() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        device.terminate(.system(reason: "memory pressure"))
        device.push.receive(.background())
        #expect(recorder.entries.remoteNotifications.map(\.launchReason) == [.remoteNotification])
        #expect(device.launchReason == .remoteNotification && device.appState == .suspended)
    }

    @Test func aHandlerThatNeverCompletesGetsTheAppTerminatedAfter30Seconds() {
        let recorder = PushRecorder(.init(completes: false))
        let device = makePushDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        device.push.receive(.background())
        device.advance(by: .seconds(29))
        #expect(device.appState == .background)
        device.advance(by: .seconds(1))
        #expect(device.appState == .notRunning)
        #expect(device.diagnostics.countByRule[.completionTimeout] == 1)
    }

    @Test func withoutTheRemoteNotificationModeABackgroundPushIsNotDelivered() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(modes: [], recorder: recorder)
        device.launch()
        device.pressHome()
        device.push.receive(.background())
        #expect(recorder.entries.remoteNotifications.isEmpty)
        #expect(device.appState == .suspended)
        #expect(device.diagnosticMessages.contains { $0.contains("lacks remote-notification") })
        device.openApp()
        device.push.receive(.background())
        #expect(recorder.entries.remoteNotifications.map(\.state) == [.active])
    }

    @Test func backgroundPushesBeyondThreeAnHourAreHeldAndTheLatestComesLater() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        for id in ["1", "2", "3", "4", "5"] {
            device.push.receive(.background(id))
            device.advance(by: .seconds(60))
        }
        #expect(recorder.entries.remoteNotifications.count == 3)
        #expect(device.push.status.held == "throttled")
        #expect(device.console.recentMessages.contains { $0.hasPrefix("Background push 4 throttled") })
        #expect(device.console.recentMessages.contains { $0.hasPrefix("Background push 5 throttled") && $0.hasSuffix("it replaces push 4") })
        device.advance(by: .seconds(3600 - 5 * 60 - 1))
        #expect(recorder.entries.remoteNotifications.count == 3)
        device.advance(by: .seconds(1))
        #expect(recorder.entries.remoteNotifications.count == 4)
        #expect(device.console.recentMessages.contains("Push 5 is delivered now"))
        #expect(device.push.status.held == nil)
    }

    @Test func whileOfflineAPNsKeepsOnlyTheLastPush() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        device.conditions.setNetworkConnectivity(false)
        device.push.receive(.alert("first", id: "A1"))
        device.push.receive(.background("B1"))
        #expect(recorder.entries.remoteNotifications.isEmpty && device.notificationCenter.snapshot.delivered.isEmpty)
        device.conditions.setNetworkConnectivity(true)
        #expect(recorder.entries.remoteNotifications.count == 1)
        #expect(device.notificationCenter.snapshot.delivered.isEmpty)
        #expect(device.console.recentMessages.contains("Push B1 is delivered now"))
    }

    @Test func anExpiredPushIsDroppedAndOneThatExpiresAtOnceIsNotStoredWhileOffline() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        var now = RemotePush.background("NOW")
        now.expiration = Date(timeIntervalSince1970: 0)
        device.push.receive(now)
        #expect(recorder.entries.remoteNotifications.count == 1)
        device.conditions.setNetworkConnectivity(false)
        device.push.receive(now)
        var later = RemotePush.background("LATER")
        later.expiration = device.date.addingTimeInterval(60)
        device.push.receive(later)
        device.advance(by: .seconds(61))
        device.conditions.setNetworkConnectivity(true)
        #expect(recorder.entries.remoteNotifications.count == 1)
        let lines = device.console.recentMessages
        #expect(lines.contains("Push NOW dropped: the device is offline and its apns-expiration is 0, so APNs does not store it"))
        #expect(lines.contains("Push LATER dropped: its apns-expiration has passed"))
    }

    @Test func aSwipedAwayAppIsNotLaunchedByABackgroundPush() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(recorder: recorder)
        device.launch()
        device.terminate(.user)
        device.push.receive(.background())
        #expect(device.appState == .notRunning)
        #expect(recorder.entries.remoteNotifications.isEmpty)
        #expect(device.console.recentMessages.contains { $0.contains("the user swiped the app away") })
    }

    @Test func aRestartLiftsTheForceQuitForBackgroundPushes() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(recorder: recorder)
        device.launch()
        device.terminate(.user)
        device.conditions.restart()
        #expect(device.console.recentMessages.contains(
            "The restart lifts the force quit: the system may launch the app in the background again"))
        device.advance(by: .seconds(300))
        device.push.receive(.background())
        #expect(recorder.entries.remoteNotifications.map(\.launchReason) == [.remoteNotification],
                "“until the user relaunches your app or restarts the device”")
    }

    @Test func backgroundPushesWaitOutTheQuietTimeAfterARestart() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        device.conditions.restart()
        device.advance(by: .seconds(100))
        device.push.receive(.background("EARLY"))
        #expect(recorder.entries.remoteNotifications.isEmpty)
        #expect(device.push.status.held == "afterRestart")
        #expect(device.console.recentMessages.contains(
            "Background push EARLY deferred: the device restarted 100 s ago; it comes 300 s after the restart (Backgrounder's model)"))
        device.advance(by: .seconds(199))
        #expect(recorder.entries.remoteNotifications.isEmpty)
        device.advance(by: .seconds(1))
        #expect(recorder.entries.remoteNotifications.map(\.launchReason) == [.remoteNotification])
        #expect(device.push.status.held == nil)
    }

    @Test func backgroundAppRefreshOffStopsBackgroundPushes() {
        for switchOff in [{ (device: TestDevice) in device.conditions.setBackgroundAppRefresh(enabled: false) },
                          { (device: TestDevice) in device.conditions.setBackgroundAppRefreshForApp(enabled: false) }] {
            let recorder = PushRecorder(.init())
            let device = makePushDevice(recorder: recorder)
            device.launch()
            device.pressHome()
            switchOff(device)
            device.push.receive(.background("B"))
            #expect(device.appState == .suspended, "not woken")
            #expect(recorder.entries.remoteNotifications.isEmpty)
            #expect(device.console.recentMessages.contains {
                $0.hasPrefix("Background push B not delivered: Background App Refresh is off") && $0.hasSuffix("it counts for background pushes")
            })
            device.openApp()
            device.push.receive(.background("C"))
            #expect(recorder.entries.remoteNotifications.count == 1, "an app on screen gets it at once, the switch or not")
        }
    }

    @Test func aHeldBackgroundPushComesWhenTheUserOpensTheAppAndGoesWithTheApp() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        device.conditions.setLowPowerMode(true)
        device.push.receive(.background("HELD"))
        #expect(device.push.status.held == "lowPowerMode")
        device.openApp()
        #expect(recorder.entries.remoteNotifications.map(\.state) == [.active],
                "“If the user launches the app, the system immediately delivers the held notification”")
        #expect(device.console.recentMessages.contains("Push HELD is delivered now: the user opened the app"))
        #expect(device.push.status.held == nil)

        device.pressHome()
        device.push.receive(.background("GONE"))
        #expect(device.push.status.held == "lowPowerMode")
        device.terminate(.system(reason: "memory pressure"))
        #expect(device.push.status.held == nil, "“If something force quits or kills the app, the system discards the held notification”")
        #expect(device.console.recentMessages.contains(
            "Push GONE discarded: the app ended, and the system discards a held background notification"))
        device.conditions.setLowPowerMode(false)
        #expect(recorder.entries.remoteNotifications.count == 1)
    }

    @Test func lowPowerModeDefersBackgroundPushes() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        device.conditions.setLowPowerMode(true)
        device.push.receive(.background())
        device.advance(by: .seconds(3600))
        #expect(recorder.entries.remoteNotifications.isEmpty && device.push.status.held == "lowPowerMode")
        device.conditions.setLowPowerMode(false)
        #expect(recorder.entries.remoteNotifications.count == 1)
    }

    @Test func anAlertPushShowsABannerOrIsHandedToTheActiveApp() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(recorder: recorder)
        device.launch()
        device.push.receive(.alert("Hello"))
        #expect(device.notificationCenter.snapshot.banner == nil)
        #expect(device.console.recentMessages.contains { $0.hasPrefix("Notification: ") && $0.contains("Hello") && $0.contains("the app is active") })
        device.pressHome()
        device.push.receive(.alert("Again"))
        #expect(device.notificationCenter.snapshot.banner?.alertBody == "Again")
        #expect(recorder.entries.remoteNotifications.isEmpty)
    }

    @Test func alertPushesWithTheSameCollapseIDShowAsOne() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        var first = RemotePush.alert("Score 1–0", id: "A1")
        first.collapseID = "match"
        var second = RemotePush.alert("Score 2–0", id: "A2")
        second.collapseID = "match"
        device.push.receive(first)
        device.push.receive(.alert("Other news", id: "A3"))
        device.push.receive(second)
        #expect(device.notificationCenter.snapshot.delivered.map(\.alertBody) == ["Other news", "Score 2–0"])
        #expect(device.console.recentMessages.contains { $0.hasPrefix("Notification 1 is replaced") })
    }

    @Test func aNewsstandPushLaunchesTheAppOnceEvery24Hours() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(iOS: 6, modes: [.newsstandContent], recorder: recorder)
        device.launch()
        device.terminate(.user)
        device.push.receive(.background("N1"))
        #expect(recorder.entries.remoteNotifications.map(\.launchReason) == [.newsstand])
        device.advance(by: .seconds(86_399))
        device.push.receive(.background("N2"))
        #expect(recorder.entries.remoteNotifications.count == 1)
        #expect(device.console.recentMessages.contains { $0.hasPrefix("Newsstand push N2 ignored") })
        device.advance(by: .seconds(1))
        device.push.receive(.background("N3"))
        #expect(recorder.entries.remoteNotifications.count == 2)
    }

    @Test func theDevelopmentOverrideLiftsTheNewsstandThrottle() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(iOS: 6, modes: [.newsstandContent], recorder: recorder)
        device.push.setNewsstandThrottleOverride(true)
        device.launch()
        device.pressHome()
        device.push.receive(.background("N1"))
        device.push.receive(.background("N2"))
        #expect(recorder.entries.remoteNotifications.count == 2)
    }

    @Test func aVoIPPushLaunchesTheAppEvenAfterTheUserSwipedItAway() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(iOS: 13, recorder: recorder)
        device.launch()
        device.terminate(.user)
        device.push.receive(.voip())
        #expect(recorder.entries.voipPushes.map(\.launchReason) == [.voip])
        #expect(device.push.status.incomingCall == IncomingCall(uuid: "CALL-1", caller: "Ray"))
        #expect(device.appState == .suspended)
        #expect(device.console.recentMessages.contains { $0.hasPrefix("VoIP push 1 handled after") })
    }

    @Test func aVoIPPushWithoutACallGetsTheAppTerminated() {
        let recorder = PushRecorder(.init(reportsCall: false))
        let device = makePushDevice(iOS: 13, recorder: recorder)
        device.launch()
        device.pressHome()
        device.push.receive(.voip())
        #expect(device.appState == .notRunning)
        #expect(device.diagnosticMessages.contains { $0.contains("Killing app because it never posted an incoming call to the system after receiving a PushKit VoIP push") })
        #expect(device.lastTermination == .system(reason: "it never posted an incoming call after a PushKit VoIP push"))
    }

    @Test func beforeiOS13AVoIPPushNeedNotReportACall() {
        let recorder = PushRecorder(.init(reportsCall: false))
        let device = makePushDevice(iOS: 12, recorder: recorder)
        device.launch()
        device.pressHome()
        device.push.receive(.voip())
        #expect(device.appState == .suspended)
        #expect(device.console.recentMessages.contains("Woken in the background: a VoIP push"))
    }

    @Test func threeVoIPPushesWithoutACallStopVoIPPushes() {
        let recorder = PushRecorder(.init(reportsCall: false))
        let device = makePushDevice(iOS: 13, recorder: recorder)
        for id in ["1", "2", "3", "4"] { device.push.receive(.voip(id)) }
        #expect(recorder.entries.voipPushes.count == 3)
        #expect(device.push.status.voipPushesStopped)
        #expect(device.console.recentMessages.contains { $0.hasPrefix("The system stops delivering VoIP pushes") })
        #expect(device.console.recentMessages.contains { $0.hasPrefix("VoIP push 4 not delivered") })
    }

    @Test func acceptingTheCallOpensTheAppAndDecliningEndsIt() {
        let recorder = PushRecorder(.init())
        let device = makePushDevice(iOS: 13, recorder: recorder)
        device.launch()
        device.pressHome()
        device.push.receive(.voip())
        #expect(device.push.answerCall(accept: true)?.caller == "Ray")
        #expect(device.appState == .active)
        #expect(recorder.entries.last?.kind == .call(accepted: true))
        device.push.endCall()
        #expect(device.push.status.incomingCall == nil)
        device.pressHome()
        device.push.receive(.voip("V2"))
        device.push.answerCall(accept: false)
        #expect(device.appState == .suspended && device.push.status.incomingCall == nil)
        #expect(device.push.answerCall(accept: true) == nil)
    }

    @Test func payloadsThatAreNotJSONObjectsGetClearErrors() {
        #expect(throws: PushPayloadError.notAnObject) { try PushPayload(data: Data("[1]".utf8)) }
        #expect(throws: PushPayloadError.apsNotAnObject) { try PushPayload(data: Data(#"{"aps":3}"#.utf8)) }
        #expect(throws: PushPayloadError.empty) { try PushPayload(data: Data()) }
        #expect((try? PushPayload(data: Data("{".utf8))) == nil)
        let payload = try? PushPayload(data: Data(#"{"aps":{"alert":{"title":"T","body":"B"}},"x":1}"#.utf8))
        #expect(payload?.alertText == "T: B" && payload?.isContentAvailable == false)
    }
}

@Suite("Push files as `xcrun simctl push` takes them")
struct SimulatorPushFileTests {
    @Test func theTargetBundleIsOptionalAndOnlyContentAvailableMakesABackgroundPush() throws {
        let silent = try SimulatorPushFile(data: Data(#"{"Simulator Target Bundle":"com.example.App","aps":{"content-available":1}}"#.utf8))
        #expect(silent.bundleIdentifier == "com.example.App")
        #expect(silent.payload.json == #"{"aps":{"content-available":1}}"#)
        let push = silent.push(to: "com.example.App")
        #expect(push.type == .background && push.priority == 5 && push.topic == "com.example.App")
        let alert = try SimulatorPushFile(data: Data(#"{"aps":{"alert":"Hi","content-available":1}}"#.utf8))
        #expect(alert.bundleIdentifier == nil)
        #expect(alert.push(to: "com.example.App").type == .alert)
        #expect(alert.push(to: "com.example.App", type: .voip).topic == "com.example.App.voip")
    }

    @Test func aBadFileIsAnErrorNamingIt() throws {
        #expect(throws: SimulatorPushFileError.self) { try SimulatorPushFile(contentsOf: URL(fileURLWithPath: "/nonexistent/push.json")) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("push-file-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.json")
        try Data(#"{"Simulator Target Bundle":7,"aps":{}}"#.utf8).write(to: file)
        do {
            _ = try SimulatorPushFile(contentsOf: file)
            Issue.record("a bundle that is not a string was accepted")
        } catch {
            #expect(error.path == file.path && error.reason.contains("Simulator Target Bundle"))
        }
        try Data(count: SimulatorPushFile.largestFile + 1).write(to: file)
        #expect(throws: SimulatorPushFileError.self) { try SimulatorPushFile(contentsOf: file) }
    }
}
