import Foundation
import LocationWire

/// Writes fixes as a GPX 1.1 track, the format every mapping tool reads (and ``GPXParser``
/// reads back: the accuracy goes out as `<hdop>` = accuracy ÷ ``TrackPoint/rangeError``).
enum GPXWriter {
    static func header(name: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="TheBackgrounder" xmlns="http://www.topografix.com/GPX/1/1">
          <trk><name>\(escape(name))</name><trkseg>

        """
    }

    static let footer = "  </trkseg></trk>\n</gpx>\n"

    static func point(_ location: Location) -> String {
        var text = String(format: "    <trkpt lat=\"%.8f\" lon=\"%.8f\">", location.coordinate.latitude, location.coordinate.longitude)
        if location.verticalAccuracy >= 0 { text += String(format: "<ele>%.2f</ele>", location.altitude) }
        text += "<time>\(Timestamp.text(location.timestamp.timeIntervalSince1970))</time>"
        if location.horizontalAccuracy >= 0 { text += String(format: "<hdop>%.3f</hdop>", location.horizontalAccuracy / TrackPoint.rangeError) }
        if location.verticalAccuracy >= 0 { text += String(format: "<vdop>%.3f</vdop>", location.verticalAccuracy / TrackPoint.rangeError) }
        return text + "</trkpt>\n"
    }

    /// `&`, `<` and `>` as entities. Scalar by scalar: `<` followed by a combining mark is one
    /// `Character` that is not `<`, and left as it was it broke the file.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
