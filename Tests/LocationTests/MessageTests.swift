import BackgroundRuntime
import BackgroundWire
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// The boundary between the app's location clients and the system's location service: only
/// messages cross it, in the wire's binary form between processes — what a stray batch does, when
/// the service's batch wakes a suspended app and when it waits, and how a relaunched app's new
/// manager gets what waited for it.
@Suite("Location messages", .temporaryDirectory)
struct MessageTests {
    @Test func fixesCrossAsBytesBitForBitWhateverTheyHold() throws {
        let fixes = [
            Location(
                coordinate: Coordinate(latitude: 37.33500926, longitude: -122.03272188), altitude: 10.5, horizontalAccuracy: 5,
                verticalAccuracy: -1, speed: 7.74, course: 246.09, timestamp: Date(timeIntervalSince1970: 1_362_713_471.123)),
            // A receiver's worst: numbers that are not finite.
            Location(
                coordinate: Coordinate(latitude: 0.1, longitude: 0.2), altitude: .infinity, horizontalAccuracy: 0.3,
                verticalAccuracy: -.infinity, speed: .nan, course: -1, timestamp: Date(timeIntervalSinceReferenceDate: 0.1)),
        ]
        let events: [LocationEvent] = [.locations(Fixes(fixes)), .paused, .authorizationChanged(
            LocationAuthorizationState(status: .authorizedWhenInUse, accuracy: .reducedAccuracy))]
        let batch = LocationServiceEvent.events(client: 7, stops: 0, events)
        let back = try WireDecoder().decode(LocationServiceEvent.self, from: WireEncoder().encode(batch))
        guard case .events(7, 0, let backEvents) = back, case .locations(let decoded) = backEvents.first else {
            Issue.record("no fixes for client 7 in \(back)")
            return
        }
        #expect(decoded.locations.first == fixes[0])
        let odd = try #require(decoded.locations.last)
        #expect(odd.altitude == .infinity && odd.verticalAccuracy == -.infinity && odd.speed.isNaN)
        #expect(odd.timestamp == fixes[1].timestamp)
        #expect(Array(backEvents.dropFirst()) == Array(events.dropFirst()))
        // Bytes that are not eight numbers a fix are no fixes, and numbers are not bytes.
        #expect(throws: DecodingError.self) { try WireDecoder().decode(Fixes.self, from: WireEncoder().encode([UInt8](repeating: 0, count: 65))) }
        #expect(throws: DecodingError.self) { try WireDecoder().decode(Fixes.self, from: WireEncoder().encode([1.0, 2, 3])) }
    }

    @Test func aBatchForAnotherClientIsIgnored() throws {
        let rig = LocationRig()
        try rig.launchAndSwitchOn()
        let id = try #require(rig.screen { $0.manager.id })
        let host = ServiceHost<LocationMessages>(device: rig.device)
        // A batch for another client on this channel is not this manager's.
        let stray = Location(
            coordinate: Coordinate(latitude: 1, longitude: 2), altitude: 0, horizontalAccuracy: 5, verticalAccuracy: 5, speed: 0,
            course: 0, timestamp: Date(timeIntervalSince1970: 0))
        host.post(.events(client: id + 100, stops: 0, [.locations(Fixes([stray]))]), on: LocationMessages.channel(id))
        rig.device.runUntilIdle()
        // The manager goes on receiving.
        rig.device.advance(by: .seconds(2))
        #expect(rig.snapshot?.storedCount == 3)
    }

    @Test func aSuspendedAppIsNotToldOfFixesAndItsHeldEventsWaitForItInOrder() throws {
        let rig = LocationRig(modes: [], answer: .always)
        try rig.launchAndSwitchOn()
        let id = try #require(rig.screen { $0.manager.id })
        rig.device.pressHome()
        #expect(rig.device.appState == .suspended)
        let jobs = rig.device.executor.pendingJobs
        // Settings changes while the app is frozen: each waits for it, held, and it is not woken.
        try rig.service.authorize(.whenInUse)
        try rig.service.authorize(.always)
        #expect(rig.device.executor.pendingJobs == jobs + 2)
        #expect(rig.device.appState == .suspended)
        #expect(rig.service.state.withLock { $0.mailboxes[id]?.isEmpty } == true)
        // Opened, the app hears of both in order: its manager has the last.
        rig.device.openApp()
        #expect(rig.snapshot?.authorization == .authorizedAlways)
    }

    @Test func aRegionCrossingWakesTheSuspendedAppWhichTakesItAndIsSuspendedAgain() throws {
        let rig = LocationRig(modes: [])
        rig.device.launch()
        rig.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 200)))
        #expect(rig.screen { $0.monitor(RegionTests.cafe) } == .some(nil))
        let id = try #require(rig.screen { $0.manager.id })
        rig.device.pressHome()
        rig.device.advance(by: .seconds(115))
        #expect(rig.lines(containing: "Woken in the background: the device entered region Cafe").count == 1)
        #expect(rig.lines(containing: "Entered region Cafe") == ["App is backgrounded. Entered region Cafe"])
        #expect(rig.device.appState == .suspended)
        // Sent: nothing waits for the app.
        #expect(rig.service.state.withLock { $0.mailboxes[id]?.isEmpty } == true)
    }

    @Test func aRelaunchedAppsNewManagerTakesTheEntryThatLaunchedIt() throws {
        let rig = LocationRig(modes: [])
        rig.device.launch()
        rig.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 200)))
        #expect(rig.screen { $0.monitor(RegionTests.cafe) } == .some(nil))
        let first = try #require(rig.screen { $0.manager.id })
        rig.device.terminate()
        // While the app is not running the entry waits in the service, for whichever manager comes.
        rig.device.advance(by: .seconds(114))
        #expect(rig.device.launchCount == 2)
        #expect(rig.lines(containing: "Launching TheBackgrounder in the background (location): the device entered region Cafe").count == 1)
        #expect(rig.service.state.withLock { $0.undeliveredRegionEvents.isEmpty })
        #expect(rig.lines(containing: "Entered region Cafe") == ["App is backgrounded. Entered region Cafe"])
        let second = try #require(rig.service.state.withLock { $0.clients.keys.first })
        #expect(second != first)
        #expect(rig.device.appState == .suspended)
    }
}
