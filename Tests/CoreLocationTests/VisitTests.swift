import BackgroundRuntime
import BackgroundRuntimeTesting
import CoreLocation
import Location
import Testing

/// The visits service in Apple's spelling: a walk that stops 1 km on for ten minutes.
@Suite struct VisitTests {
    @Test func aStopIsAnArrivalUntilTheDistantFutureThenADepartureWithBothDates() throws {
        let rig = SpelledRig(modes: [])
        rig.device.launch()
        rig.service.simulate(try Walk.track(seconds: 1_000) { second in
            switch second {
            case ..<100: Double(second) * 10
            case ..<700: 1_000
            default: 1_000 + Double(second - 700) * 10
            }
        })
        rig.tracker { tracker in
            tracker.locationManager.requestAlwaysAuthorization()
            tracker.locationManager.startMonitoringVisits()
        }
        rig.device.pressHome()
        rig.device.advance(by: .seconds(420))
        let arrival = try #require(rig.heard.lines(startingWith: "visit").first)
        #expect(arrival.hasPrefix("visit arrival "), "the departure date of an arrival is distantFuture")
        #expect(arrival.hasSuffix(" background"))
        rig.device.advance(by: .seconds(300))
        let departures = rig.heard.lines(startingWith: "visit departure")
        #expect(departures.count == 1)
        let seconds = try #require(departures.first.flatMap { Int($0.split(separator: " ")[2]) })
        #expect((seconds + 30) / 60 == 10, "both dates, ten minutes apart: \(departures)")
        #expect(rig.device.appState == .suspended)
    }
}
