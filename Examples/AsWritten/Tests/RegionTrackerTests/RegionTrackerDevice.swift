import BackgroundRuntimeTesting
import Foundation
import Location
@testable import RegionTracker

/// The sample's region: Apple Park's visitor center, 200 m around.
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

    /// Replays a drive east to the visitor center at 10 m/s from 2 km west of it, one fix a
    /// second, then a stop there.
    func driveToTheVisitorCenter() throws {
        let metersPerDegree = 111_195.08 * cos(visitorCenter.latitude * .pi / 180)
        var gpx = #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        for second in 0..<600 {
            let west = max(2_000 - Double(second) * 10, 0)
            let longitude = visitorCenter.longitude - west / metersPerDegree
            gpx += String(format: #"<trkpt lat="%.8f" lon="%.8f"><time>"#, visitorCenter.latitude, longitude)
            gpx += Date(timeIntervalSince1970: 1_700_000_000 + Double(second)).ISO8601Format() + "</time></trkpt>"
        }
        gpx += "</trkseg></trk></gpx>"
        service.simulate(try TrackFile.parse(Data(gpx.utf8), source: "drive.gpx", name: "Drive to the visitor center"))
    }

    /// The console's lines that contain `text`.
    func lines(containing text: String) -> [String] {
        device.consoleLines(containing: text)
    }
}
