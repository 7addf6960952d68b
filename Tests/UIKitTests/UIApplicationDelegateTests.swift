import BackgroundRuntimeTesting
import Foundation
import Testing
import UIKit

/// An app delegate written in UIKit's spelling gets the runtime's calls with UIKit's types, in
/// UIKit's order.
@Suite struct UIApplicationDelegateTests {
    @Test func aLaunchCallsWillThenDidFinishThenTheBackgroundMethodThenItsNotification() {
        let recorder = CallRecorder()
        let device = makeDevice { RecordingDelegate(recorder) }
        device.launch()
        device.pressHome()
        #expect(recorder.calls == [
            "willFinishLaunching none", "didFinishLaunching", "applicationDidEnterBackground", "didEnterBackgroundNotification",
        ])
    }

    @Test func aLocationLaunchHasTheLocationLaunchOption() {
        let recorder = CallRecorder()
        let device = makeDevice(modes: [.location]) { RecordingDelegate(recorder) }
        device.launch(reason: .location)
        #expect(recorder.calls.first == "willFinishLaunching UIApplicationLaunchOptionsLocationKey")
    }

    @Test func aFetchReachesTheUIKitHandlerAndItsResultTheSystem() {
        let recorder = CallRecorder()
        let device = makeDevice { RecordingDelegate(recorder) }
        device.launch()
        device.pressHome()
        device.backgroundFetch.simulate()
        #expect(recorder.calls.last == "performFetch")
        #expect(device.consoleLines(containing: "Background fetch 1 completed with newData").count == 1)
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func aDelegateWithoutAFetchHandlerIsReportedAndTheFetchEndsWithNoData() {
        let device = makeDevice { SilentDelegate() }
        device.launch()
        device.pressHome()
        device.backgroundFetch.simulate()
        #expect(device.diagnosticMessages.contains { $0.contains("[missing-fetch-handler]") })
        #expect(device.consoleLines(containing: "Background fetch 1 completed with noData").count == 1)
    }

    @Test func aDelegateWithoutARemoteNotificationHandlerIsReported() {
        let device = makeDevice { SilentDelegate() }
        device.launch()
        device.pressHome()
        device.push.receive(RemotePush(
            id: "B", type: .background, priority: 5, topic: "com.example.spelled",
            payload: try! PushPayload(aps: #"{"content-available":1}"#)))
        #expect(device.diagnosticMessages.contains { $0.contains("[missing-remote-notification-handler]") })
    }

    @Test func aBackgroundPushArrivesAsUserInfoWithItsAPSDictionary() throws {
        let recorder = CallRecorder()
        let device = makeDevice { RecordingDelegate(recorder) }
        device.launch()
        device.pressHome()
        device.push.receive(RemotePush(
            id: "B", type: .background, priority: 5, topic: "com.example.spelled",
            payload: try PushPayload(data: Data(#"{"aps":{"content-available":1},"issue":"42"}"#.utf8))))
        #expect(recorder.calls.last == "remoteNotification aps.content-available=1 issue=42")
        #expect(device.consoleLines(containing: "Remote notification 1 completed with newData").count == 1)
    }

    @Test func theDeviceTokenArrivesAsItsBytes() {
        let recorder = CallRecorder()
        let device = makeDevice { RecordingDelegate(recorder) }
        device.launch()
        device.performOnMain { _ in UIApplication.shared.registerForRemoteNotifications() }
        device.advance(by: .seconds(1))
        #expect(recorder.calls.last == "deviceToken \(device.push.tokens.device.hex)")
    }
}
