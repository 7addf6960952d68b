import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire

/// Tracks and files made for tests.
enum TrackFixtures {
    /// The start of the tutorial's Freeway Drive log.
    static let start = Coordinate(latitude: 37.33500926, longitude: -122.03272188)
    /// 2013-03-08T03:31:11Z: 10:31:11 PM on 3/7/13 in Cupertino's eastern colleagues' zone.
    static let startTime = 1_362_713_471.0

    /// A GPX track of `count` points one second apart, heading north 10 m each second, whose
    /// point `i` has an HDOP of `hdop(i)` (accuracy = 5 m × HDOP).
    static func gpx(count: Int, hdop: (Int) -> Double = { _ in 1 }, metersPerSecond: Double = 10) -> String {
        gpx(count: count, hdop: hdop, north: { Double($0) * metersPerSecond })
    }

    /// A GPX track of `count` points one second apart, point `i` lying `north(i)` meters north of
    /// ``start``, with an HDOP of `hdop(i)`.
    static func gpx(count: Int, hdop: (Int) -> Double = { _ in 1 }, north: (Int) -> Double) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Test Walk</name><trkseg>

            """
        for index in 0..<count {
            let latitude = start.latitude + north(index) / metersPerDegree
            text += String(format: "<trkpt lat=\"%.8f\" lon=\"%.8f\">", latitude, start.longitude)
                + "<ele>10</ele><time>\(Timestamp.text(startTime + Double(index)))</time>"
                + String(format: "<hdop>%.2f</hdop></trkpt>\n", hdop(index))
        }
        return text + "</trkseg></trk></gpx>\n"
    }

    /// Meters in a degree of latitude, on the mean Earth sphere.
    static let metersPerDegree = 111_195.08

    /// The point `meters` north of ``start``.
    static func north(_ meters: Double) -> Coordinate {
        Coordinate(latitude: start.latitude + meters / metersPerDegree, longitude: start.longitude)
    }

    static func track(_ text: String, source: String = "test.gpx") throws -> Track {
        try TrackFile.parse(Data(text.utf8), source: source, name: "test")
    }

    /// The URL of a file in the test bundle's Fixtures folder.
    static func fixture(_ name: String) -> URL {
        Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")!
    }
}
