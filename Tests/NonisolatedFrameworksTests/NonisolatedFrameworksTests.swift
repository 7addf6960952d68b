import AVFoundation
import Audio
import BackgroundRuntime
import BackgroundRuntimeTesting
import CallKit
import CoreLocation
import Foundation
import Location
import Testing

/// Core Location, PushKit, CallKit and AVFoundation used by a plain class of the Swift 6
/// language mode (``BackgroundServices``), as on iOS where none of these types is isolated to
/// the main actor: the class builds, and the runtime's rules hold for it.
@Suite("A nonisolated class drives the location, push, call and audio frameworks")
struct NonisolatedFrameworksTests {
    private let voipPush = RemotePush(
        id: "V1", type: .voip, priority: 10, topic: "com.example.services.voip",
        payload: try! PushPayload(data: Data(#"{"caller":"Ray"}"#.utf8)))

    @Test func itsLocationManagerDeliversFixesAndARegionEntryOnTheMainThreadInTheBackground() throws {
        let rig = ServicesDevice()
        defer { rig.audio.shutdown() }
        rig.device.launch()
        let cafe = ServicesDevice.cafe
        rig.inApp { $0.startTracking(regionAround: CLLocationCoordinate2D(latitude: cafe.latitude, longitude: cafe.longitude)) }
        rig.location.simulate(try ServicesDevice.walk(seconds: 200))
        rig.device.advance(by: .seconds(5))
        #expect(rig.heard.lines(startingWith: "location").first?.hasSuffix("on main active") == true)
        rig.device.pressHome()
        rig.device.advance(by: .seconds(120))
        #expect(rig.heard.lines(startingWith: "location").last?.hasSuffix("on main background") == true,
            "allowsBackgroundLocationUpdates keeps the fixes coming in the background")
        #expect(rig.heard.lines(startingWith: "enter") == ["enter Cafe on main background"])
        #expect(rig.inApp { $0.locationManager.monitoredRegions.map(\.identifier) } == ["Cafe"])
        #expect(rig.inApp { $0.locationManager.desiredAccuracy } == kCLLocationAccuracyBest)
        #expect(rig.inApp { $0.locationManager.allowsBackgroundLocationUpdates } == true)
    }

    @Test func itsRegistryGetsTheVoIPPushAndItsProviderReportsTheCallAndHearsTheAnswer() {
        let rig = ServicesDevice()
        defer { rig.audio.shutdown() }
        rig.device.launch()
        #expect(rig.heard.lines(startingWith: "token") == ["token \(rig.device.push.tokens.voip.bytes.count) bytes"])
        rig.device.pressHome()
        rig.device.push.receive(voipPush)
        #expect(rig.heard.lines(startingWith: "push") == ["push from Ray on main background"])
        #expect(rig.device.push.status.incomingCall == IncomingCall(uuid: BackgroundServices.callUUID.uuidString, caller: "Ray"))
        #expect(rig.device.diagnostics.countByRule[.voipPushWithoutCall] == nil, "the call was reported before completion")
        rig.device.push.answerCall(accept: true)
        #expect(rig.heard.lines(startingWith: "answer") == ["answer the call on main active"])
    }

    @Test func delegatesGivenAQueueOfTheirOwnRunThereAndTheCallIsStillReportedInTime() async {
        let rig = ServicesDevice(callQueue: DispatchQueue(label: "com.example.services.calls"))
        defer { rig.audio.shutdown() }
        rig.device.launch()
        #expect(await rig.waitUntil { !rig.heard.lines(startingWith: "token").isEmpty })
        rig.device.pressHome()
        rig.device.push.receive(voipPush)
        #expect(await rig.waitUntil { rig.device.push.status.incomingCall != nil })
        #expect(rig.heard.lines(startingWith: "push") == ["push from Ray elsewhere"], "PushKit calls the delegate on its queue")
        #expect(rig.device.push.status.incomingCall?.caller == "Ray")
        #expect(rig.device.diagnostics.countByRule[.voipPushWithoutCall] == nil)
        rig.device.push.answerCall(accept: true)
        #expect(await rig.waitUntil { !rig.heard.lines(startingWith: "answer").isEmpty })
        #expect(rig.heard.lines(startingWith: "answer") == ["answer the call elsewhere"], "CallKit calls the delegate on its queue")
    }

    @Test func callsFromAnotherThreadAreCarriedOutOnTheMainThreadInOrder() async throws {
        let rig = ServicesDevice()
        defer { rig.audio.shutdown() }
        rig.device.launch()
        rig.location.simulate(try ServicesDevice.walk(seconds: 200))
        // A background thread of the app's (no job of its main executor) starts the updates.
        let started = rig.inApp { services -> Bool in
            // Unchecked: the test hands the manager to one other thread, which only calls it. It
            // holds it weakly: the thread's closure is freed when the thread ends, which may be
            // after this test's device is gone, and the manager's last release must be the app's.
            nonisolated(unsafe) weak let manager = services.locationManager
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                if let manager {
                    manager.desiredAccuracy = kCLLocationAccuracyHundredMeters
                    manager.requestAlwaysAuthorization()
                    manager.startUpdatingLocation()
                }
                done.signal()
            }
            done.wait()
            return services.locationManager.desiredAccuracy == kCLLocationAccuracyHundredMeters
        }
        #expect(started == true, "a setting reads back at once on any thread")
        rig.device.advance(by: .seconds(5))
        let fixes = rig.heard.lines(startingWith: "location")
        #expect(!fixes.isEmpty && fixes.allSatisfy { $0.hasSuffix("on main active") })
    }
}
