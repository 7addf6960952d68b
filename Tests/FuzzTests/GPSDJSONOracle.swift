import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire

/// What Foundation's `JSONDecoder` makes of a gpsd line, the way the location service read
/// lines before ``GPSDJSONScanner``: the oracle the scanner is checked against.
enum GPSDJSONOracle {
    /// The report's fields, decoded by `JSONDecoder`.
    private struct DecodedReport: Decodable {
        let `class`: String
        let mode: Int?
        let time: String?
        let lat: Double?
        let lon: Double?
        let altMSL: Double?
        let alt: Double?
        let epx: Double?
        let epy: Double?
        let eph: Double?
        let epv: Double?
        let speed: Double?
        let track: Double?
        let message: String?
    }

    /// Not JSON if `JSONSerialization` refuses the line (`JSONDecoder` alone lets some
    /// malformed parts pass when it does not decode them); otherwise what `JSONDecoder` decodes.
    static func report(in line: String) -> Result<GPSDReport, GPSDJSONScanner.Failure> {
        let data = Data(line.utf8)
        guard (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil else { return .failure(.notJSON) }
        guard let decoded = try? JSONDecoder().decode(DecodedReport.self, from: data) else { return .failure(.wrongShape) }
        return .success(GPSDReport(
            class: decoded.class, mode: decoded.mode, time: decoded.time, lat: decoded.lat, lon: decoded.lon,
            altMSL: decoded.altMSL, alt: decoded.alt, epx: decoded.epx, epy: decoded.epy, eph: decoded.eph, epv: decoded.epv,
            speed: decoded.speed, track: decoded.track, message: decoded.message))
    }
}
