import LocationWire

/// One JSON object of gpsd's protocol, with the fields the location service reads: a `TPV`
/// (time-position-velocity) report, an `ERROR`, or any other class, which is ignored.
/// ``GPSDJSONScanner`` reads it from a line.
struct GPSDReport: Sendable, Equatable {
    let `class`: String
    /// 0 or 1: no fix; 2: a 2D fix; 3: a 3D fix.
    let mode: Int?
    let time: String?
    let lat: Double?
    let lon: Double?
    let altMSL: Double?
    let alt: Double?
    /// Longitude and latitude errors, 95 % confidence, in meters.
    let epx: Double?
    let epy: Double?
    /// Horizontal and vertical errors, 95 % confidence, in meters.
    let eph: Double?
    let epv: Double?
    let speed: Double?
    let track: Double?
    /// An ERROR's text.
    let message: String?

    /// The horizontal accuracy of a TPV: the radius of the box epx × epy (its half-diagonal),
    /// or eph when gpsd gives no box; nil when it gives neither, or only numbers too large to
    /// be a distance (epx = 1e200 squares to infinity).
    var horizontalAccuracy: Double? {
        if let epx, let epy {
            let radius = (epx * epx + epy * epy).squareRoot()
            if radius.isFinite { return radius }
        }
        return eph.flatMap { $0.isFinite ? $0 : nil }
    }
}
