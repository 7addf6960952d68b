import BackgroundRuntime
import Foundation
import TestSupport
import Testing
import TheBackgrounder

@Suite("Push commands: push json, push voip, the incoming-call screen", .temporaryDirectory)
struct PushCommandTests {
    @Test func aVoIPPushUnderIOS13RingsAndAcceptOpensTheApp() async throws {
        let backgrounder = try makeBackgrounder(iOS: 13)
        #expect(await backgrounder.execute("home") == .done)
        #expect(await backgrounder.execute(#"push voip '{"caller":"Ray"}'"#) == .done)
        let device = backgrounder.testDevice
        #expect(device.push.status.incomingCall?.caller == "Ray")
        #expect(device.console.recentMessages.contains(#"App is backgrounded. New event: VoIP push: {"caller":"Ray"}"#))
        #expect(await backgrounder.execute("call accept") == .done)
        #expect(device.appState == .active)
        #expect(await backgrounder.execute("call decline") == .failed(.invalidArgument("call decline: no call is ringing")))
        #expect(await backgrounder.execute("push extension-memory M 30MB")
            == .failed(.invalidArgument("push extension-memory: no Notification Service Extension is working on push M")))
        #expect(await backgrounder.execute("push extension-memory M lots")
            == .failed(.invalidArgument(#"push extension-memory: "lots" is not a footprint in megabytes from 0 to 65536, e.g. 80MB"#)))
        await backgrounder.quit()
    }

    @Test func aVoIPPushWhoseHandlerReportsNoCallGetsTheAppTerminated() async throws {
        let backgrounder = try makeBackgrounder(iOS: 13)
        #expect(await backgrounder.execute("home") == .done)
        #expect(await backgrounder.execute(#"push voip '{"caller":"Ray","reportCall":false}'"#) == .done)
        let device = backgrounder.testDevice
        #expect(device.appState == .notRunning)
        #expect(device.console.recentMessages.contains { $0.contains("Killing app because it never posted an incoming call") })
        await backgrounder.quit()
    }

    @Test func aSilentPushWakesTheAppAndBadJSONIsAClearError() async throws {
        let backgrounder = try makeBackgrounder(iOS: 17)
        #expect(await backgrounder.execute("home") == .done)
        #expect(await backgrounder.execute(#"push json '{"aps":{"content-available":1}}'"#) == .done)
        #expect(backgrounder.testDevice.console.recentMessages.contains(#"App is backgrounded. Remote notification: {"content-available":1}"#))
        guard case .failed(let error) = await backgrounder.execute("push json {oops}") else {
            Issue.record("bad JSON was accepted")
            return
        }
        #expect("\(error)".contains("put the JSON in single quotes"))
        let other = await backgrounder.execute(#"push json '{"Simulator Target Bundle":"com.example.Other","aps":{"alert":"Hi"}}'"#)
        #expect(other == .failed(.invalidArgument("push json: the push is for com.example.Other, and the app is com.raywenderlich.TheBackgrounder")))
        await backgrounder.quit()
    }
}
