import BackgroundRuntime
import BackgroundRuntimeTesting
import CoreLocation
import Location
import Testing

/// iOS 17's `CLMonitor` in Apple's spelling, on a walk north at 10 m/s through a circle of
/// 400 m around the point 1 km on: in by the runtime's 200 m at 80 s, reported 20 s later.
@Suite struct MonitorTests {
    @Test func aCircularConditionIsSatisfiedOnEntryAndUnsatisfiedOnExit() throws {
        let rig = SpelledRig(modes: [], iOS: 17)
        rig.device.launch()
        rig.service.simulate(try Walk.track(seconds: 400))
        let heard = rig.heard
        rig.tracker { tracker in
            tracker.locationManager.requestAlwaysAuthorization()
            Application.current?.task {
                let monitor = await CLMonitor("Places")
                let cafe = Walk.north(1_000)
                await monitor.add(
                    CLMonitor.CircularGeographicCondition(
                        center: CLLocationCoordinate2D(latitude: cafe.latitude, longitude: cafe.longitude), radius: 400),
                    identifier: "Cafe")
                heard.record("identifiers \(await monitor.identifiers)")
                do {
                    for try await event in await monitor.events { heard.record("event \(event.identifier) \(event.state)") }
                } catch {
                    heard.record("threw \(error)")
                }
            }
        }
        #expect(heard.all.contains("identifiers [\"Cafe\"]"))
        rig.device.advance(by: .seconds(95))
        #expect(heard.lines(startingWith: "event").isEmpty)
        rig.device.advance(by: .seconds(15))
        #expect(heard.lines(startingWith: "event") == ["event Cafe satisfied"])
        rig.device.advance(by: .seconds(80))
        #expect(heard.lines(startingWith: "event") == ["event Cafe satisfied", "event Cafe unsatisfied"])
    }
}
