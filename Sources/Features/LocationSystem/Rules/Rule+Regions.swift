import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

extension Rule {
    /// Region monitoring as the location service does it (``RegionMonitor``, `LocationService+Regions.swift`).
    static let regionMonitoring: [Rule] = [
        Rule(
            "region-limit",
            origin: .iOS(source: "Apple, startMonitoring(for:): “An app can register up to 20 regions at a time”; a region with the same identifier replaces the old one; CLError.regionMonitoringFailure: “Monitoring can fail if the app exceeds the maximum number of regions that it can monitor simultaneously”"),
            test: "theTwentyFirstRegionFailsWithRegionMonitoringFailure"
        ) { _ in
            "An app monitors at most \(CircularRegion.monitoringLimit) regions, shared by all its location managers and kept across "
                + "its launches; the 21st fails with kCLErrorRegionMonitoringFailure, and one with an identifier already "
                + "monitored replaces it."
        },
        Rule(
            "region-radius",
            origin: .model(reason: "Apple, maximumRegionMonitoringDistance: a larger radius “causes the location manager to send a CLError.Code.regionMonitoringFailure error”, but Apple gives no value; startMonitoring(for:) says only that small radii (1–400 m) “work better” on some devices; the 400 km and the 100 m are Backgrounder’s"),
            test: "aRadiusPastTheMaximumFailsAndASmallRegionIsWatchedAtTheMinimum"
        ) { _ in
            "A region whose radius is larger than maximumRegionMonitoringDistance (\(Int(CircularRegion.maximumRadius)) m here) "
                + "fails; a radius under \(Int(RegionMonitor.minimumRadius)) m is watched as \(Int(RegionMonitor.minimumRadius)) m."
        },
        Rule(
            "region-crossing",
            origin: .iOS(source: "Apple, Location and Maps Programming Guide, “Monitoring Shape-Based Regions”: “the user’s location must cross the region boundary, move away from the boundary by a minimum distance, and remain at that minimum distance for at least 20 seconds before the notifications are reported”; startMonitoring(for:): being inside at registration is no event, use requestState(for:)"),
            test: "aRouteThroughARegionEntersThenExitsOnceEach"
        ) { _ in
            "An entry or exit is reported once the device has stayed past the boundary by the minimum distance for "
                + "\(RegionMonitor.dwell.components.seconds) seconds; being inside when monitoring starts is no entry."
        },
        Rule(
            "region-hysteresis",
            origin: .iOS(source: "Apple, Location and Maps Programming Guide, “Testing an iOS App’s Region Monitoring Support”: the threshold distances depend on the hardware and the location technologies available, and “for testing purposes, you can assume that the minimum distance is approximately 200 meters”; the user's location must “remain at that minimum distance for at least 20 seconds”"),
            test: "aRouteThroughARegionEntersThenExitsOnceEach"
        ) { _ in
            "The minimum distance past the boundary is \(Int(RegionMonitor.margin)) m; a fix back within it starts the "
                + "crossing over, so a device lingering at the boundary is never reported entering and leaving."
        },
        Rule(
            "region-small-entry",
            origin: .model(reason: "Apple gives one minimum distance, approximately 200 m, for testing; a region of radius under 400 m would need the device within less than 200 m of its center, or one under 200 m could never be entered. Half the radius, deciding at fixes sampled every 5 seconds, and reporting as soon as the 20 s have passed (Apple's older documentation of region monitoring speaks of events arriving within 3 to 5 minutes; a scenario here repeats to the second) are Backgrounder's"),
            test: "aRegionTooSmallForTheMarginIsEnteredHalfwayToItsCenter"
        ) { _ in
            "An entry into a region whose radius is under \(2 * Int(RegionMonitor.margin)) m needs the device inside by "
                + "half the radius instead; the source is asked for a fix every "
                + "\(LocationService.monitoringInterval.components.seconds) seconds for the regions, and a crossing is "
                + "reported when its \(RegionMonitor.dwell.components.seconds) seconds have passed."
        },
        Rule(
            "region-wakes-or-launches",
            origin: .iOS(source: "Apple, Location and Maps Programming Guide: “If a region boundary is crossed while an app isn’t running, that app is relaunched into the background to handle the event. Similarly, if the app is suspended when the event occurs, it’s woken up and given a short amount of time (around 10 seconds) to handle the event”; UIApplication.LaunchOptionsKey.location; “Monitoring the user’s proximity to geographic regions”: regions are monitored by the system"),
            test: "aTerminatedAppIsLaunchedInTheBackgroundAndHearsTheEntry"
        ) { _ in
            "A crossing wakes a suspended app and launches a terminated one in the background (launch reason location), "
                + "without the location background mode; every location manager's delegate hears it."
        },
        Rule(
            "region-needs-always",
            origin: .iOS(source: "Apple, Location and Maps Programming Guide, “Determining the Availability of Region Monitoring”: only with Always authorization (kCLAuthorizationStatusAuthorized) does the app receive boundary crossing notifications, and an app without it can still register regions for later; “Monitoring the user’s proximity to geographic regions” checks authorizedAlways before monitoring; accuracyAuthorization (iOS 14): with reducedAccuracy the app “can’t use region monitoring”"),
            test: "withWhenInUseTheRegionIsKeptButNoCrossingIsReported"
        ) { profile in
            let precise = profile.iOSVersion >= 14 ? " with Precise Location on" : ""
            return "Only Always authorization\(precise) brings region events; without it regions can be added and wait."
        },
        Rule(
            "region-request-state",
            origin: .iOS(source: "Apple, requestState(for:) and locationManager(_:didDetermineState:for:): the state is delivered asynchronously, and also after every boundary transition reported"),
            test: "requestStateAnswersInsideAndOutside"
        ) { _ in
            "requestState(for:) answers inside, outside or unknown through didDetermineState, after the next fix when "
                + "the system does not know yet; didDetermineState also follows every entry and exit."
        },
    ]
}
