import Foundation
import Location
import LocationSystem

/// Tracks made for the benchmarks: a walk north-east from Cupertino, a fix a second.
enum Sample {
    static let start = 1_362_713_471

    static func gpx(count: Int) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"bench\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>Bench</name><trkseg>\n"
        for index in 0..<count {
            let (latitude, longitude) = position(index)
            text += "<trkpt lat=\"\(fixed(latitude))\" lon=\"\(fixed(longitude))\"><ele>\(index % 100)</ele><time>\(isoTime(start + index))</time><hdop>1.0</hdop></trkpt>\n"
        }
        return text + "</trkseg></trk></gpx>\n"
    }

    static func nmea(count: Int) -> String {
        var text = ""
        for index in 0..<count {
            let (latitude, longitude) = position(index)
            let seconds = start + index
            let day = seconds / 86_400, second = seconds % 86_400
            let (year, month, date) = civil(day)
            let time = String(format: "%02d%02d%02d.00", second / 3600, second / 60 % 60, second % 60)
            let lat = String(format: "%02d%07.4f", Int(latitude), (latitude - Double(Int(latitude))) * 60)
            let lon = String(format: "%03d%07.4f", Int(-longitude), (-longitude - Double(Int(-longitude))) * 60)
            let stamp = String(format: "%02d%02d%02d", date, month, year % 100)
            text += sentence("GPRMC,\(time),A,\(lat),N,\(lon),W,5.00,45.00,\(stamp),,,A")
            text += sentence("GPGGA,\(time),\(lat),N,\(lon),W,1,09,0.9,64.0,M,-29.9,M,,")
            text += sentence("GPGSA,A,3,02,05,07,09,13,16,20,26,29,,,,1.6,0.9,1.3")
        }
        return text
    }

    static func location(_ point: TrackPoint) -> Location {
        Location(
            coordinate: point.coordinate, altitude: point.altitude ?? 0, horizontalAccuracy: point.horizontalAccuracy,
            verticalAccuracy: point.verticalAccuracy ?? -1, speed: 2, course: 45,
            timestamp: Date(timeIntervalSince1970: point.time))
    }

    static func temporaryStore() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("location-bench-\(UUID().uuidString)/track.sqlite")
    }

    /// 1.5 m north-east a second, with a little wander.
    private static func position(_ index: Int) -> (Double, Double) {
        let t = Double(index)
        return (37.33500926 + t * 1e-5 + sin(t / 50) * 2e-5, -122.03272188 + t * 1.2e-5)
    }

    private static func fixed(_ value: Double) -> String { String(format: "%.8f", value) }

    private static func sentence(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        return "$\(body)*\(String(format: "%02X", sum))\r\n"
    }

    private static func isoTime(_ seconds: Int) -> String {
        let (year, month, day) = civil(seconds / 86_400)
        let second = seconds % 86_400
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, second / 3600, second / 60 % 60, second % 60)
    }

    private static func civil(_ days: Int) -> (Int, Int, Int) {
        let date = Date(timeIntervalSince1970: Double(days) * 86_400)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return (parts.year!, parts.month!, parts.day!)
    }
}
