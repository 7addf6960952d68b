import BackgroundRuntime
import BackgroundRuntimeTesting
import CoreLocation
import Location
import Testing

/// Region monitoring in Apple's spelling, on a walk north at 10 m/s that passes a café 1000 m
/// north, watched with a radius of 400 m: inside by the runtime's 200 m from 80 s, reported 20 s
/// later.
@Suite struct RegionTests {
    private func watcherRig() throws -> SpelledRig {
        let rig = SpelledRig(modes: []) { RegionWatcher(heard: $0) }
        rig.device.launch()
        rig.device.perform { application in (application.delegate as! RegionWatcher).monitorCafe() }
        rig.service.simulate(try Walk.track(seconds: 400))
        return rig
    }

    @Test func aSuspendedAppIsWokenAndHearsTheEntryOfItsCircularRegion() throws {
        let rig = try watcherRig()
        rig.device.pressHome()
        #expect(rig.device.appState == .suspended)
        rig.device.advance(by: .seconds(95))
        #expect(rig.heard.lines(startingWith: "enter").isEmpty)
        rig.device.advance(by: .seconds(25))
        #expect(rig.heard.lines(startingWith: "enter") == ["enter Cafe background radius 400.0"])
        #expect(rig.heard.lines(startingWith: "state") == ["state inside Cafe"])
        #expect(rig.device.appState == .suspended)
        // notifyOnExit is false: leaving is no event, and the state follows no crossing reported.
        rig.device.advance(by: .seconds(200))
        #expect(rig.heard.lines(startingWith: "exit").isEmpty)
        #expect(rig.service.state(ofRegion: "Cafe") == .outside)
    }

    @Test func aTerminatedAppIsLaunchedAndTheManagerItMakesHearsTheEntry() throws {
        let rig = try watcherRig()
        rig.device.terminate()
        rig.device.advance(by: .seconds(120))
        #expect(rig.device.launchCount == 2)
        #expect(rig.heard.lines(startingWith: "launched") == ["launched user", "launched location"])
        #expect(rig.heard.lines(startingWith: "enter") == ["enter Cafe background radius 400.0"])
    }

    @Test func monitoredRegionsRequestStateAndTheTwentyFirstRegion() throws {
        let rig = SpelledRig()
        rig.device.launch()
        rig.service.simulate(try Walk.track(seconds: 400))
        rig.tracker { tracker in
            let manager = tracker.locationManager
            manager.requestAlwaysAuthorization()
            for index in 1...20 {
                let north = Walk.north(Double(index) * 1_000)
                manager.startMonitoring(
                    for: CLCircularRegion(center: CLLocationCoordinate2DMake(north.latitude, north.longitude), radius: 100, identifier: "R\(index)"))
            }
            manager.startMonitoring(for: CLCircularRegion(center: CLLocationCoordinate2D(), radius: 100, identifier: "R21"))
            manager.requestState(for: manager.monitoredRegions.first { $0.identifier == "R1" }!)
        }
        #expect(rig.heard.lines(startingWith: "monitoring failed") == ["monitoring failed R21 regionMonitoringFailure"])
        #expect(rig.tracker { Set($0.locationManager.monitoredRegions.map(\.identifier)) } == Set((1...20).map { "R\($0)" }))
        rig.device.advance(by: .seconds(6))
        #expect(rig.heard.lines(startingWith: "state") == ["state outside R1"])
        #expect(rig.tracker { $0.locationManager.maximumRegionMonitoringDistance } == LocationManager.maximumRegionMonitoringDistance)
    }

    @Test func theDeviceCanMonitorCircularRegions() {
        #expect(CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self))
        #expect(!CLLocationManager.isMonitoringAvailable(for: CLLocation.self))
        #expect(CLLocationManager.significantLocationChangeMonitoringAvailable())
        #expect(CLLocationManager.locationServicesEnabled())
    }
}
