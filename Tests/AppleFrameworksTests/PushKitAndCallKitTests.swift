import BackgroundRuntimeTesting
import CallKit
import PushKit
import Testing

@Suite("PushKit's and CallKit's spelling: VoIP pushes that must report a call")
struct PushKitAndCallKitTests {
    private let push = RemotePush(
        id: "V1", type: .voip, priority: 10, topic: "com.example.spelled.voip",
        payload: try! PushPayload(data: Data(#"{"caller":"Ray"}"#.utf8)))

    private func makeCallingDevice(iOS version: Int = 13, log: AppLog, reportsCall: Bool = true) -> TestDevice {
        makeSpelledDevice(iOS: version, modes: [.voip]) { CallingApp(log: log, reportsCall: reportsCall) }
    }

    @Test func theRegistryGetsTheVoIPTokenOfTheDevice() {
        let log = AppLog()
        let device = makeCallingDevice(log: log)
        device.launch()
        let token = device.push.tokens.voip.hex
        #expect(log.take() == ["token \(token)"])
        #expect(device.perform { ($0.delegate as? CallingApp)?.voipToken } == token)
        #expect(device.push.status.voipToken == token)
    }

    @Test func aVoIPPushWakesTheSuspendedAppAndTheCallItReportsRings() {
        let log = AppLog()
        let device = makeCallingDevice(log: log)
        device.launch()
        device.pressHome()
        _ = log.take()
        device.push.receive(push)
        #expect(log.take() == ["push from Ray in background", "reported error none"])
        #expect(device.push.status.incomingCall == IncomingCall(uuid: CallingApp.callUUID.uuidString, caller: "Ray"))
        #expect(device.diagnostics.countByRule[.voipPushWithoutCall] == nil)
        #expect(device.appState == .suspended, "its push handled, the app sleeps again")
    }

    @Test func aVoIPPushThatReportsNoCallGetsTheAppTerminatedFromIOS13() {
        let log = AppLog()
        let device = makeCallingDevice(log: log, reportsCall: false)
        device.launch()
        device.pressHome()
        device.push.receive(push)
        #expect(log.take().last == "push from Ray in background")
        #expect(device.diagnostics.countByRule[.voipPushWithoutCall] == 1)
        #expect(device.appState == .notRunning)

        let twelve = makeCallingDevice(iOS: 12, log: log, reportsCall: false)
        twelve.launch()
        twelve.pressHome()
        twelve.push.receive(push)
        #expect(twelve.diagnostics.countByRule[.voipPushWithoutCall] == nil && twelve.appState == .suspended)
    }

    @Test func aPushToAnAppThatIsNotRunningFindsTheRegistryMadeAtLaunch() {
        let log = AppLog()
        let device = makeCallingDevice(log: log)
        device.launch()
        device.terminate(.user)
        _ = log.take()
        device.push.receive(push)
        #expect(log.take().filter { !$0.hasPrefix("token") } == ["push from Ray in background", "reported error none"])
        #expect(device.launchReason == .voip && device.push.status.incomingCall?.caller == "Ray")
        device.openApp()
        #expect(device.perform { ($0.delegate as? CallingApp)?.voipToken } == device.push.tokens.voip.hex)
    }

    @Test func theUsersAnswerReachesTheProviderDelegate() {
        let log = AppLog()
        let device = makeCallingDevice(log: log)
        device.launch()
        device.pressHome()
        device.push.receive(push)
        _ = log.take()
        device.push.answerCall(accept: true)
        #expect(log.take() == ["answer the call"])
        #expect(device.appState == .active)

        device.push.endCall()
        device.push.receive(push)
        #expect(log.take() == ["push from Ray in active", "reported error none"])
        device.push.answerCall(accept: false)
        #expect(log.take() == ["end the call"])
        #expect(device.push.status.incomingCall == nil)
    }

    @Test func aCallControllersEndIsPerformedByTheProviderDelegateAndEndsTheCall() {
        let log = AppLog()
        let device = makeCallingDevice(log: log)
        device.launch()
        device.pressHome()
        device.push.receive(push)
        device.push.answerCall(accept: true)
        _ = log.take()
        #expect(device.push.status.incomingCall?.isAccepted == true)

        device.perform { ($0.delegate as? CallingApp)?.hangUp() }
        #expect(log.take() == ["request error none", "end the call"])
        #expect(device.push.status.incomingCall == nil)
        // Ended, the call is unknown to the provider: a second end is refused.
        device.perform { ($0.delegate as? CallingApp)?.hangUp() }
        #expect(log.take() == ["request error unknownCallUUID"])
    }

    @Test func aCallControllerRefusesWhatNoProviderCanPerform() {
        let log = AppLog()
        let device = makeCallingDevice(log: log)
        device.launch()
        device.push.receive(push)
        _ = log.take()
        device.perform { application in
            let app = application.delegate as? CallingApp
            app?.hangUp(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
            app?.request(CXTransaction())
            app?.request(CXTransaction(action: CXAnswerCallAction(call: CallingApp.callUUID)))
        }
        #expect(log.take() == ["request error unknownCallUUID", "request error emptyTransaction", "request error invalidAction"])
        #expect(device.push.status.incomingCall?.caller == "Ray", "nothing refused touches the call")
        device.perform { application in
            let app = application.delegate as? CallingApp
            app?.invalidateProvider()
            app?.hangUp()
        }
        #expect(log.take() == ["request error unknownCallProvider"])
        #expect(device.push.status.incomingCall?.caller == "Ray")
    }
}
