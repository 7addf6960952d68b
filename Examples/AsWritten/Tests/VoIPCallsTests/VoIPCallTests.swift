import BackgroundRuntimeTesting
@testable import VoIPCalls
import Foundation
import Testing

/// The code of "Responding to VoIP Notifications from PushKit" on the test device: a VoIP push
/// wakes the suspended app, which reports the call to CallKit and hears the user answer it; a
/// push whose payload the app cannot read reports no call (and never completes), and from iOS 13
/// the system terminates the app for it when the push's time runs out.
@Suite("Responding to VoIP notifications from PushKit")
struct VoIPCallTests {
    static let callUUID = "9F3A6C2E-52B1-4E55-9D0B-6A2C1C1F7E42"

    func makeDevice(iOS: Int = 13) throws -> TestDevice {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let infoPlist = try InfoPlist(contentsOf: package.appendingPathComponent("VoIPCalls-Info.plist").path)
        return TestDevice(profile: PolicyProfile(iOS: iOS)!, infoPlist: infoPlist) { AppDelegate() }
    }

    func voipPush(_ json: String) throws -> RemotePush {
        RemotePush(id: "V1", type: .voip, priority: 10, topic: "com.example.VoIPCalls.voip", payload: try PushPayload(data: Data(json.utf8)))
    }

    @Test func theAppLogsItsVoIPTokenAtLaunch() throws {
        let device = try makeDevice()
        device.launch()
        #expect(device.consoleLines(containing: "VoIP token: \(device.push.tokens.voip.hex)").count == 1)
    }

    @Test func aVoIPPushWakesTheSuspendedAppWhichReportsTheCallAndHearsItAnswered() throws {
        let device = try makeDevice()
        device.launch()
        device.pressHome()
        #expect(device.appState == .suspended)
        device.push.receive(try voipPush(#"{"handle":"+15551234567","callUUID":"\#(Self.callUUID)"}"#))
        #expect(device.consoleLines(containing: "Incoming call from +15551234567").count == 1)
        #expect(device.push.status.incomingCall?.uuid == Self.callUUID)
        #expect(device.diagnosticMessages.isEmpty)
        device.push.answerCall(accept: true)
        #expect(device.consoleLines(containing: "Answered the call from +15551234567").count == 1)
    }

    @Test func aPushWhoseCallCannotBeReadReportsNoCallAndTheAppIsTerminated() throws {
        let device = try makeDevice()
        device.launch()
        device.pressHome()
        device.push.receive(try voipPush(#"{"caller":"+15551234567"}"#))
        #expect(device.appState == .background, "the handler neither reported a call nor completed")
        device.advance(by: .seconds(60))
        #expect(device.diagnosticMessages.contains { $0.contains("[voip-push-without-call]") })
        #expect(device.appState == .notRunning)
        let twelve = try makeDevice(iOS: 12)
        twelve.launch()
        twelve.pressHome()
        twelve.push.receive(try voipPush(#"{"caller":"+15551234567"}"#))
        twelve.advance(by: .seconds(60))
        #expect(twelve.diagnosticMessages.isEmpty && twelve.appState == .suspended, "before iOS 13 no call was owed")
    }
}
