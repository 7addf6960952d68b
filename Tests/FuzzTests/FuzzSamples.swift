import Foundation

/// The real inputs that fuzz inputs are mutated from: the app's built-in routes, an NMEA log,
/// the app's Info.plist, and lines as gpsd, the console and servers send them.
enum FuzzSamples {
    /// The repository's root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The file at `path` under the root.
    static func file(_ path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
            preconditionFailure("the sample \(path) is missing")
        }
        return Array(data)
    }

    /// The built-in routes, each cut after its first points (and closed) so that an input stays
    /// small: whole, and cut short without its end.
    static let gpx: [[UInt8]] = ["freeway-drive", "city-run", "city-bicycle-ride"].flatMap { name -> [[UInt8]] in
        let text = String(decoding: file("Sources/Features/LocationSystem/Resources/Routes/\(name).gpx"), as: UTF8.self)
        let points = text.components(separatedBy: "</trkpt>")
        let head = points.prefix(8).joined(separator: "</trkpt>") + "</trkpt>\n  </trkseg></trk>\n</gpx>\n"
        return [Array(head.utf8), Array(head.utf8.prefix(1500))]
    } + [Array("<gpx><wpt lat='1' lon='2'/><rte><name>R &amp; B</name><rtept lat=\"-3.5\" lon=\"4e1\"><hdop>2</hdop></rtept></rte></gpx>".utf8)]

    /// The NMEA log of the location tests, cut into small pieces of whole lines.
    static let nmea: [[UInt8]] = {
        let lines = String(decoding: file("Tests/LocationTests/Fixtures/city-run.nmea"), as: UTF8.self).split(separator: "\n")
        return stride(from: 0, to: lines.count, by: 6).map { start in
            Array(lines[start..<min(lines.count, start + 6)].joined(separator: "\n").utf8) + [0x0A]
        } + [Array("$GPGST,033112.00,1.2,,,,2.5,1.8,3.1*5B\n".utf8)]
    }()

    /// TheBackgrounder's Info.plist.
    static let infoPlist = file("Sources/Hosts/TheBackgrounder/Resources/TheBackgrounder/Info.plist")

    /// Lines as gpsd sends them.
    static let gpsdLines: [String] = [
        #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"2026-03-08T03:31:11.000Z","lat":37.3242,"lon":-122.0441,"altMSL":64.2,"epx":3.0,"epy":4.0,"epv":9.5,"speed":3.02,"track":90.0}"#,
        #"{"class":"TPV","mode":2,"time":"2026-03-07T22:31:11.250-05:00","lat":-33.9,"lon":151.2,"eph":12.5}"#,
        #"{"class":"TPV","mode":1,"time":"2026-03-08T03:31:10.500Z"}"#,
        #"{"class":"VERSION","release":"3.25","rev":"3.25","proto_major":3,"proto_minor":15}"#,
        #"{"class":"SKY","device":"/dev/ttyUSB0","hdop":0.9,"satellites":[{"PRN":2,"el":41,"az":63,"ss":38,"used":true}]}"#,
        #"{"class":"ERROR","message":"Unrecognized request '?FOO'"}"#,
        #"{"class":"WATCH","enable":true,"json":true}"#,
    ]

    /// Command lines of the headless console that are safe to run on a test device (no files,
    /// servers or audio).
    static let commandLines: [String] = [
        "status", "help", "home", "open", "wait 7", "wait 0.5", "interrupt begin", "interrupt end", "device power battery",
        "device network offline", "device network online", "device thermal serious", "device lock", "device unlock",
        "device low-power on", "device battery 15", "device battery 101", "device reboot", "location accuracy best",
        "location distance-filter 25", "location authorize always",
        "fetch interval minimum", "fetch interval 3600", "notification answer allow", "bgtask list", "newsstand list",
        "# a comment", "  ", #"location accuracy "nearest ten meters""#, #"wait '1'"#, #"wait \7"#,
    ]
}
