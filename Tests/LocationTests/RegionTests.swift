import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// Region monitoring on manual time: a walk north at 10 m/s from the start passes a café
/// 1000 m north, watched with a radius of 400 m. The walk is inside by Apple's 200 m from 800 m
/// (80 s) and outside by them from 1600 m (160 s); each crossing is reported once the device has
/// stayed past it for 20 s.
@Suite("Region monitoring", .temporaryDirectory)
struct RegionTests {
    static let cafe = CircularRegion(center: TrackFixtures.north(1_000), radius: 400, identifier: "Cafe")

    /// A rig launched with the walk (`seconds` long) simulated and `regions` monitored by the
    /// screen; the switch stays off.
    private func walkRig(
        modes: Set<BackgroundMode> = [], answer: LocationAuthorization = .always, iOS: Int = 10, seconds: Int = 400,
        north: @escaping (Int) -> Double = { Double($0) * 10 }, regions: [CircularRegion] = [cafe]
    ) throws -> LocationRig {
        let rig = LocationRig(modes: modes, iOS: iOS, answer: answer)
        rig.device.launch()
        rig.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: seconds, north: north)))
        for region in regions {
            let failure = rig.screen { $0.monitor(region) }
            #expect(failure == .some(nil), "region \(region.identifier)")
        }
        return rig
    }

    private func regionState(_ rig: LocationRig, _ identifier: String = "Cafe") -> RegionState? {
        rig.snapshot?.regions.first { $0.identifier == identifier }?.state
    }

    @Test func aRouteThroughARegionEntersThenExitsOnceEach() throws {
        let rig = try walkRig()
        rig.device.advance(by: .seconds(95))
        #expect(rig.lines(containing: "Entered region Cafe").isEmpty)
        #expect(regionState(rig) == .outside)
        rig.device.advance(by: .seconds(20))
        #expect(rig.lines(containing: "Entered region Cafe") == ["Entered region Cafe"])
        #expect(regionState(rig) == .inside)
        // Outside by 50 m from 1450 m (145 s) is not far enough: Apple's distance is about 200 m.
        rig.device.advance(by: .seconds(60))
        #expect(rig.lines(containing: "Exited region Cafe").isEmpty)
        rig.device.advance(by: .seconds(15))
        #expect(rig.lines(containing: "Exited region Cafe") == ["Exited region Cafe"])
        #expect(regionState(rig) == .outside)
        rig.device.advance(by: .seconds(210))
        #expect(rig.lines(containing: "Entered region Cafe").count == 1)
        #expect(rig.lines(containing: "Exited region Cafe").count == 1)
        #expect(rig.service.state(ofRegion: "Cafe") == .outside)
    }

    @Test func lingeringAtTheBoundaryNeverFlaps() throws {
        // To the boundary (600 m), then 10 minutes within the margin on either side, with a 10-second
        // dip well inside every minute; then into the middle for good.
        let rig = try walkRig(seconds: 900) { second in
            switch second {
            case ..<60: Double(second) * 10
            case ..<600 where second % 60 < 10: 800
            case ..<600: second % 10 < 5 ? 570 : 630
            default: 1_000
            }
        }
        rig.device.advance(by: .seconds(599))
        #expect(rig.lines(containing: "region Cafe").filter { !$0.hasPrefix("Monitoring") }.isEmpty)
        #expect(regionState(rig) == .outside)
        rig.device.advance(by: .seconds(301))
        #expect(rig.lines(containing: "Entered region Cafe").count == 1)
        #expect(rig.lines(containing: "Exited region Cafe").isEmpty)
        #expect(regionState(rig) == .inside)
    }

    @Test func aRegionTooSmallForTheMarginIsEnteredHalfwayToItsCenter() throws {
        // 200 m around the café: inside by 80 m (at 880 m) for minutes is no entry; inside by
        // 110 m (at 910 m), half the radius and more, is one 20 s later.
        let small = CircularRegion(center: TrackFixtures.north(1_000), radius: 200, identifier: "Cafe")
        let rig = try walkRig(north: { second in second < 300 ? min(Double(second) * 10, 880) : 910 }, regions: [small])
        rig.device.advance(by: .seconds(299))
        #expect(rig.lines(containing: "Entered region Cafe").isEmpty)
        #expect(regionState(rig) == .outside)
        rig.device.advance(by: .seconds(30))
        #expect(rig.lines(containing: "Entered region Cafe") == ["Entered region Cafe"])
    }

    @Test func aSuspendedAppIsWokenForTheEntryWithoutTheLocationMode() throws {
        let rig = try walkRig()
        rig.device.pressHome()
        #expect(rig.device.appState == .suspended)
        rig.device.advance(by: .seconds(115))
        #expect(rig.lines(containing: "Woken in the background: the device entered region Cafe").count == 1)
        #expect(rig.lines(containing: "Entered region Cafe") == ["App is backgrounded. Entered region Cafe"])
        #expect(rig.device.appState == .suspended)
        #expect(regionState(rig) == .inside)
    }

    @Test func aTerminatedAppIsLaunchedInTheBackgroundAndHearsTheEntry() throws {
        let rig = try walkRig()
        rig.device.terminate()
        rig.device.advance(by: .seconds(1))
        #expect(rig.device.appState == .notRunning)
        rig.device.advance(by: .seconds(114))
        #expect(rig.device.launchCount == 2)
        #expect(rig.device.launchReason == .location)
        #expect(rig.lines(containing: "in the background (location): the device entered region Cafe").count == 1)
        #expect(rig.lines(containing: "Entered region Cafe") == ["App is backgrounded. Entered region Cafe"])
        #expect(rig.device.appState == .suspended)
        #expect(rig.service.monitoredRegions == [Self.cafe])
        #expect(regionState(rig) == .inside)
    }

    /// The entry that launched a terminated app reaches its manager with the fix the system
    /// decided it on, however late the relaunched app makes its manager: the mark on the map is
    /// where the device entered, not where it was once the app's process had started — which on
    /// the virtual clock moved with the machine's load, as a script's `wait` went on firing the
    /// route's timers while the process started.
    @Test func anEntryWaitingForALateManagerComesWithTheFixItWasDecidedOn() throws {
        let storeURL = TemporaryDirectory.make().appendingPathComponent("track.sqlite")
        let plist = InfoPlist(
            backgroundModes: [], locationAlwaysUsageDescription: LocationRig.alwaysText,
            locationWhenInUseUsageDescription: LocationRig.whenInUseText,
            locationAlwaysAndWhenInUseUsageDescription: LocationRig.alwaysAndWhenInUseText)
        let device = TestDevice(profile: PolicyProfile(iOS: 10)!, infoPlist: plist) { application in
            LateLocationApp(application: application, storeURL: storeURL)
        }
        let service = LocationService(device: device, answer: .always)
        device.launch()
        #expect(device.perform { ($0.delegate as! LateLocationApp).makeScreen().monitor(Self.cafe) } == .some(nil))
        service.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 400, north: { Double($0) * 10 })))
        device.terminate()
        device.advance(by: .seconds(115))
        let launch = try #require(device.console.recentLines.first { $0.message.contains("(location): the device entered region Cafe") })
        #expect(device.launchCount == 2)
        // The relaunched app makes its manager a minute of walking later.
        device.advance(by: .seconds(60))
        device.openApp()
        device.perform { _ = ($0.delegate as! LateLocationApp).makeScreen() }
        device.runUntilIdle()
        // The screen marks the entry where the manager's `location` was when it heard it.
        let entry = try #require(device.snapshot(for: .location)?.marks.first { $0.kind == .entry })
        #expect(entry.timestamp == Timestamp.text(launch.date.timeIntervalSince1970), "the fix of the decision, at the launch it caused")
        #expect(Self.cafe.contains(Coordinate(latitude: entry.latitude, longitude: entry.longitude)))
    }

    /// A new region's first state is no crossing: it launches no terminated app (the race of
    /// issue 28: the app was launched for its initial "outside" just after terminate). The
    /// entry later does, and the app hears the state it missed, then the entry.
    @Test func aNewRegionsFirstStateLaunchesNoTerminatedAppButItsEntryDoes() throws {
        let rig = LocationRig(modes: [], iOS: 10, answer: .always)
        rig.device.launch()
        #expect(rig.screen { $0.monitor(Self.cafe) } == .some(nil))
        rig.device.terminate()
        rig.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 400, north: { Double($0) * 10 })))
        // Outside for 20 s: the system decides the region's first state.
        rig.device.advance(by: .seconds(30))
        #expect(rig.service.state(ofRegion: "Cafe") == .outside)
        #expect(rig.device.appState == .notRunning, "the first state is no crossing")
        #expect(rig.device.launchCount == 1)
        rig.device.advance(by: .seconds(85))
        #expect(rig.device.launchCount == 2)
        #expect(rig.device.launchReason == .location)
        #expect(rig.lines(containing: "Entered region Cafe") == ["App is backgrounded. Entered region Cafe"])
        #expect(regionState(rig) == .inside)
    }

    @Test func theTwentyFirstRegionFailsWithRegionMonitoringFailure() throws {
        let regions = (1...20).map { CircularRegion(center: TrackFixtures.north(Double($0) * 1_000), radius: 100, identifier: "R\($0)") }
        let rig = try walkRig(regions: regions)
        let extra = CircularRegion(center: TrackFixtures.start, radius: 100, identifier: "R21")
        let failure = try #require(rig.screen { $0.monitor(extra) } ?? nil)
        let app = rig.device.infoPlist.bundleName
        #expect(failure == .regionMonitoringFailure("\(app) monitors 20 regions already, the most an app may; region R21 is not monitored"))
        #expect(rig.lines(containing: "Monitoring region R21 failed: region monitoring failed (kCLErrorRegionMonitoringFailure)").count == 1)
        #expect(rig.service.monitoredRegions == regions)
        // The same identifier replaces its region, within the limit.
        let moved = CircularRegion(center: TrackFixtures.start, radius: 300, identifier: "R5")
        #expect(rig.screen { $0.monitor(moved) } == .some(nil))
        #expect(rig.service.monitoredRegions.count == 20)
        #expect(rig.service.monitoredRegions[4] == moved)
        #expect(rig.snapshot?.regions.count == 20)
    }

    @Test func aRadiusPastTheMaximumFailsAndASmallRegionIsWatchedAtTheMinimum() throws {
        let small = CircularRegion(center: TrackFixtures.north(1_000), radius: 10, identifier: "Door")
        let rig = try walkRig(north: { min(Double($0) * 10, 1_000) }, regions: [small])
        let huge = CircularRegion(center: TrackFixtures.start, radius: 500_000, identifier: "Country")
        #expect(rig.screen { $0.monitor(huge) } == .some(.regionMonitoringFailure(
            "the radius of region Country, 500000 m, is larger than maximumRegionMonitoringDistance (400000 m)")))
        // Watched as 100 m: on a walk that stops at the door, inside by half of it from 950 m (95 s),
        // reported 20 s later.
        rig.device.advance(by: .seconds(125))
        #expect(rig.lines(containing: "Entered region Door").count == 1)
        #expect(rig.service.monitoredRegions == [small])
    }

    @Test(arguments: [(LocationAuthorization.whenInUse, true), (.always, false)])
    func withWhenInUseTheRegionIsKeptButNoCrossingIsReported(answer: LocationAuthorization, precise: Bool) throws {
        // When In Use, or (iOS 14 and later) Always without Precise Location.
        let rig = try walkRig(answer: answer, iOS: 14)
        try rig.service.setPrecise(precise)
        rig.device.advance(by: .seconds(200))
        #expect(rig.lines(containing: "Entered region Cafe").isEmpty)
        #expect(rig.service.monitoredRegions == [Self.cafe])
        #expect(regionState(rig) != .inside)
    }

    @Test func requestStateAnswersInsideAndOutside() throws {
        let here = CircularRegion(center: TrackFixtures.start, radius: 150, identifier: "Here")
        let rig = try walkRig(regions: [here, Self.cafe])
        rig.device.advance(by: .seconds(6))
        #expect(regionState(rig, "Here") == .inside)
        #expect(regionState(rig, "Cafe") == .outside)
        // Asked again, the system answers from what it knows; the region needs not be monitored.
        let far = CircularRegion(center: TrackFixtures.north(5_000), radius: 150, identifier: "Far")
        rig.screen { screen in
            screen.manager.requestState(for: far)
            screen.manager.requestState(for: here)
        }
        rig.device.runUntilIdle()
        #expect(rig.screen { $0.regionStates } == ["Here": .inside, "Cafe": .outside, "Far": .outside])
    }
}
