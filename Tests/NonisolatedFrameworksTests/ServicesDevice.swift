import Audio
import AudioSystem
import BackgroundRuntime
import BackgroundRuntimeTesting
import Foundation
import Location
import LocationSystem

/// A test device of iOS 17 whose app is a ``ServicesApp`` declaring the location, VoIP and audio
/// modes, with the system's location service and audio service (GStreamer, to no sound card).
struct ServicesDevice {
    let device: TestDevice
    let location: LocationService
    let audio: AudioService
    let heard = Heard()

    /// Infinite Loop, Cupertino; and a café 1000 m north of it.
    static let start = Coordinate(latitude: 37.33500926, longitude: -122.03272188)
    static let cafe = north(1_000)

    /// A device whose app's push and call delegates run on `callQueue` (the main queue when nil).
    init(callQueue: DispatchQueue? = nil) {
        let infoPlist = InfoPlist(
            bundleName: "Services", bundleIdentifier: "com.example.services", backgroundModes: [.location, .voip, .audio],
            locationAlwaysUsageDescription: "Your track", locationWhenInUseUsageDescription: "Your track",
            locationAlwaysAndWhenInUseUsageDescription: "Your track")
        let heard = heard
        device = TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: infoPlist) { _ in ServicesApp(heard: heard, callQueue: callQueue) }
        location = LocationService(device: device, answer: .always)
        audio = AudioService(device: device, output: .null)
    }

    /// Runs `body` with the app's services, in the app; nil when the app's code cannot run.
    @discardableResult
    func inApp<T: Sendable>(_ body: @escaping @AppMain @Sendable (BackgroundServices) -> T) -> T? {
        device.perform { application in body((application.delegate as! ServicesApp).services!) }
    }

    /// The point `meters` north of ``start``.
    static func north(_ meters: Double) -> Coordinate {
        Coordinate(latitude: start.latitude + meters / 111_195.08, longitude: start.longitude)
    }

    /// A walk north at 10 m/s, a point a second.
    static func walk(seconds: Int) throws -> Track {
        var gpx = #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        for second in 0..<seconds {
            let point = north(Double(second) * 10)
            gpx += String(format: #"<trkpt lat="%.8f" lon="%.8f"><time>"#, point.latitude, point.longitude)
            gpx += Date(timeIntervalSince1970: 1_362_713_471 + Double(second)).ISO8601Format() + "</time></trkpt>"
        }
        gpx += "</trkseg></trk></gpx>"
        return try TrackFile.parse(Data(gpx.utf8), source: "walk.gpx", name: "Walk")
    }

    /// Waits, on real time, until `condition` holds, the device carrying out what other threads
    /// posted before each look.
    func waitUntil(_ condition: () -> Bool) async -> Bool {
        await BackgroundRuntimeTesting.waitUntil {
            await device.waitUntilIdle()
            return condition()
        }
    }
}
