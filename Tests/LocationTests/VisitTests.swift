import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// The visits service on manual time, for an app without the `location` background mode whose
/// switch stays off: a walk north that stops for ten minutes 1 km on, then walks on.
@Suite("Visits", .temporaryDirectory)
struct VisitTests {
    /// Where the walk stops.
    static let stop = TrackFixtures.north(1_000)

    /// A rig launched on the walk with visits on.
    private func stopRig(answer: LocationAuthorization = .always) throws -> LocationRig {
        let rig = LocationRig(modes: [], answer: answer)
        rig.device.launch()
        let north: (Int) -> Double = { index in
            switch index {
            case ..<100: Double(index) * 10
            case ..<700: 1_000
            default: 1_000 + Double(index - 700) * 10
            }
        }
        rig.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 1_000, north: north)))
        rig.screen { _ = $0.setVisits(true) }
        return rig
    }

    private func marks(_ rig: LocationRig) -> [MapMark] { rig.snapshot?.marks ?? [] }

    @Test func aStopOnTheRouteIsAnArrivalThenADeparture() throws {
        let rig = try stopRig()
        #expect(rig.snapshot?.visits == true)
        rig.device.pressHome()
        #expect(rig.device.appState == .suspended)
        // The device stops at t = 100 s; five minutes later it has arrived.
        rig.device.advance(by: .seconds(380))
        #expect(rig.lines(containing: "Arrived at a place (visit)").isEmpty)
        rig.device.advance(by: .seconds(40))
        #expect(rig.lines(containing: "Woken in the background: a visit (arrival at").count == 1)
        #expect(rig.lines(containing: "App is backgrounded. Arrived at a place (visit) at").count == 1)
        #expect(rig.device.appState == .suspended)
        let arrival = try #require(marks(rig).first)
        #expect(arrival.kind == .arrival)
        #expect(Coordinate(latitude: arrival.latitude, longitude: arrival.longitude).distance(to: Self.stop) <= VisitDetector.radius + 1)
        // It leaves at t = 700 s: the departure comes with both dates, ten minutes apart.
        rig.device.advance(by: .seconds(260))
        #expect(rig.lines(containing: "Left a place (visit)").isEmpty)
        rig.device.advance(by: .seconds(40))
        let departures = rig.lines(containing: "App is backgrounded. Left a place (visit) at")
        #expect(departures.count == 1)
        #expect(departures.first?.hasSuffix("after 10 minutes") == true)
        #expect(marks(rig).map(\.kind) == [.arrival, .departure])
        // Walking on is no visit.
        rig.device.advance(by: .seconds(300))
        #expect(marks(rig).count == 2)
    }

    @Test func theDetectorNeedsFiveMinutesStillAndDepartsPastTheRadius() {
        var detector = VisitDetector()
        let start = Date(timeIntervalSince1970: 0)
        func fix(_ meters: Double, at seconds: Double) -> Location {
            Location(coordinate: TrackFixtures.north(meters), horizontalAccuracy: 5, timestamp: start.addingTimeInterval(seconds))
        }
        #expect(detector.observe(fix(0, at: 0)) == nil)
        #expect(detector.observe(fix(90, at: 299)) == nil)
        let arrival = detector.observe(fix(50, at: 300))
        #expect(arrival == Visit(coordinate: TrackFixtures.north(0), horizontalAccuracy: 100, arrivalDate: start))
        #expect(detector.observe(fix(60, at: 400)) == nil)
        let departure = detector.observe(fix(101, at: 410))
        #expect(departure?.arrivalDate == start)
        #expect(departure?.departureDate == start.addingTimeInterval(400))
        #expect(departure?.isDeparture == true)
        // A fix just past the radius before five minutes is no visit at all.
        #expect(detector.observe(fix(250, at: 600)) == nil)
    }

    /// The visits in `track` sampled every 5 s, as the system watches it.
    private func visits(in track: Track) -> [Visit] {
        var detector = VisitDetector()
        return stride(from: 0.0, through: track.duration, by: 5).compactMap { offset in
            let sample = track.sample(at: offset)
            return detector.observe(Location(
                coordinate: sample.coordinate, horizontalAccuracy: sample.horizontalAccuracy, timestamp: Date(timeIntervalSince1970: offset)))
        }
    }

    @Test(arguments: BuiltInRoute.allCases)
    func everyBuiltInRouteStopsOnceForAVisit(route: BuiltInRoute) throws {
        let found = visits(in: try route.track())
        #expect(found.map(\.isDeparture) == [false, true])
        let stay = try #require(found.last)
        #expect(stay.departureDate.timeIntervalSince(stay.arrivalDate) >= 400)
    }

    @Test func aGPXFileWithALongPauseBetweenTwoPointsHasAVisit() throws {
        // Walking north, then no point for ten minutes where the walker sat, then walking on.
        var text = TrackFixtures.gpx(count: 100, north: { Double($0) * 10 })
        let resume = TrackFixtures.startTime + 700
        let points = (0..<100).map { index in
            let latitude = TrackFixtures.start.latitude + (990 + Double(index) * 10) / TrackFixtures.metersPerDegree
            return String(format: "<trkpt lat=\"%.8f\" lon=\"%.8f\">", latitude, TrackFixtures.start.longitude)
                + "<time>\(Timestamp.text(resume + Double(index)))</time></trkpt>\n"
        }
        text = text.replacingOccurrences(of: "</trkseg>", with: points.joined() + "</trkseg>")
        let found = visits(in: try TrackFixtures.track(text))
        #expect(found.map(\.isDeparture) == [false, true])
    }

    @Test func aTerminatedAppIsLaunchedForTheArrivalAndGetsItOnceItStartsTheServiceAgain() throws {
        let rig = try stopRig()
        rig.device.terminate()
        rig.device.advance(by: .seconds(380))
        #expect(rig.device.launchCount == 1)
        rig.device.advance(by: .seconds(40))
        #expect(rig.device.launchCount == 2)
        #expect(rig.device.launchReason == .location)
        #expect(rig.lines(containing: "in the background (location): a visit (arrival at").count == 1)
        #expect(rig.lines(containing: "App is backgrounded. Arrived at a place (visit)").count == 1)
        #expect(rig.snapshot?.visits == true)
        #expect(marks(rig).map(\.kind) == [.arrival])
        // Off, nothing more comes, and the next launch does not start the service.
        rig.device.openApp()
        rig.screen { _ = $0.setVisits(false) }
        rig.device.terminate()
        rig.device.advance(by: .seconds(600))
        #expect(rig.device.launchCount == 2)
    }

    @Test func beforeIOS8ThereAreNoVisits() throws {
        let rig = LocationRig(modes: [], iOS: 7)
        rig.device.launch()
        #expect(rig.screen { $0.setVisits(true) } == .some(.unavailable("the visits service came with iOS 8; this is iOS 7")))
        #expect(rig.snapshot?.visits == false)
    }

    @Test func withWhenInUseVisitsBringNothing() throws {
        let rig = try stopRig(answer: .whenInUse)
        #expect(rig.snapshot?.visits == true)
        rig.device.advance(by: .seconds(800))
        #expect(rig.lines(containing: "(visit)").isEmpty)
        rig.device.pressHome()
        rig.device.terminate()
        rig.device.advance(by: .seconds(200))
        #expect(rig.device.launchCount == 1)
    }
}
