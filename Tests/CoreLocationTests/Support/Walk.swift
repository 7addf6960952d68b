import Foundation
import Location
import LocationSystem

/// Routes for the tests: a point a second, north of ``start``, replayed by the location service.
enum Walk {
    /// Infinite Loop, Cupertino.
    static let start = Coordinate(latitude: 37.33500926, longitude: -122.03272188)
    /// Meters in a degree of latitude on the mean Earth sphere.
    static let metersPerDegree = 111_195.08

    /// The point `meters` north of ``start``.
    static func north(_ meters: Double) -> Coordinate {
        Coordinate(latitude: start.latitude + meters / metersPerDegree, longitude: start.longitude)
    }

    /// A track of `seconds` points, point `i` lying `north(i)` meters north of ``start``.
    static func track(seconds: Int, north: (Int) -> Double = { Double($0) * 10 }) throws -> Track {
        var gpx = #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        for second in 0..<seconds {
            let point = self.north(north(second))
            gpx += String(format: #"<trkpt lat="%.8f" lon="%.8f"><time>"#, point.latitude, point.longitude)
            gpx += Date(timeIntervalSince1970: 1_362_713_471 + Double(second)).ISO8601Format() + "</time></trkpt>"
        }
        gpx += "</trkseg></trk></gpx>"
        return try TrackFile.parse(Data(gpx.utf8), source: "walk.gpx", name: "Walk")
    }
}
