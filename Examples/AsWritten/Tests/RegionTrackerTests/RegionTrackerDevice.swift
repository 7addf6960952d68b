import BackgroundRuntimeTesting
import LocationSystem
import Foundation
import Location
@testable import RegionTracker

/// The center of the sample's region: Apple Park's visitor center. Its radius is
/// `maximumRegionMonitoringDistance`, 400 km (Backgrounder's model).
let visitorCenter = Coordinate(latitude: 37.3327, longitude: -122.0053)

/// What a test drives: a device running the sample's app delegate with its Info.plist (less the
/// background modes `withoutModes` names), under the rules of `iOS`, and the device's location
/// service, which answers the sample's request for Always with `answer`. `tracker`, if given,
/// replaces the delegate's tracker as it is made: the first tracker's manager goes with it, and
/// region events waiting for the app's first manager with that, so only a fresh launch replaces it.
struct RegionTrackerRig {
    let device: TestDevice
    let service: LocationService

    init(
        iOS: Int = 10, withoutModes: Set<BackgroundMode> = [], answer: LocationAuthorization = .always,
        tracker: (@MainActor @Sendable () -> LocationTracker)? = nil
    ) throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var infoPlist = try InfoPlist(contentsOf: package.appendingPathComponent("RegionTracker-Info.plist").path)
        infoPlist.backgroundModes.subtract(withoutModes)
        device = TestDevice(profile: PolicyProfile(iOS: iOS)!, infoPlist: infoPlist) {
            let delegate = AppDelegate()
            if let tracker { delegate.tracker = tracker() }
            return delegate
        }
        service = LocationService(device: device, answer: answer)
    }

    /// Meters along a meridian per degree of latitude (the Earth's mean radius).
    static let metersPerDegree = 111_195.08

    /// Replays a drive south along the visitor center's meridian at 10 m/s, one fix a second,
    /// from 1.7 km outside the region (401.7 km north of its center) to 300 m inside it, where it
    /// stops: it is 200 m inside, the minimum distance past the boundary, at t = 190 s.
    func driveIntoTheRegion() throws {
        var gpx = #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        for second in 0..<600 {
            let north = max(401_700 - Double(second) * 10, 399_700)
            let latitude = visitorCenter.latitude + north / Self.metersPerDegree
            gpx += String(format: #"<trkpt lat="%.8f" lon="%.8f"><time>"#, latitude, visitorCenter.longitude)
            gpx += Date(timeIntervalSince1970: 1_700_000_000 + Double(second)).ISO8601Format() + "</time></trkpt>"
        }
        gpx += "</trkseg></trk></gpx>"
        service.simulate(try TrackFile.parse(Data(gpx.utf8), source: "drive.gpx", name: "Drive into the region"))
    }

    /// The console's lines that contain `text`.
    func lines(containing text: String) -> [String] {
        device.consoleLines(containing: text)
    }
}
