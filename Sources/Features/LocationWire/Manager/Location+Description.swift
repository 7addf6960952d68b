import BackgroundWire
import Foundation

extension Location: CustomStringConvertible {
    /// CoreLocation's description, e.g.
    /// `<+37.33500926,-122.03272188> +/- 5.00m (speed 7.74 mps / course 246.09) @ 3/7/13, 10:31:11 PM Eastern Daylight Time`,
    /// in the process's time zone.
    public var description: String {
        description(in: .current)
    }

    /// CoreLocation's description with the timestamp in `timeZone`.
    public func description(in timeZone: TimeZone) -> String {
        var text = TextBytes(capacity: 160)
        text.append("<")
        FixedPointText.append(coordinate.latitude, decimals: 8, signed: true, to: &text)
        text.append(",")
        FixedPointText.append(coordinate.longitude, decimals: 8, signed: true, to: &text)
        text.append("> +/- ")
        FixedPointText.append(horizontalAccuracy, decimals: 2, to: &text)
        text.append("m (speed ")
        FixedPointText.append(speed, decimals: 2, to: &text)
        text.append(" mps / course ")
        FixedPointText.append(course, decimals: 2, to: &text)
        text.append(") @ ")
        Self.appendTimestamp(timestamp, in: timeZone, to: &text)
        return text.string
    }

    /// `3/7/13, 10:31:11 PM Eastern Daylight Time`: the date and time as CoreLocation prints them
    /// (the US English short date and medium time), then the time zone's full name.
    static func appendTimestamp(_ date: Date, in timeZone: TimeZone, to text: inout TextBytes) {
        // The wall clock in `timeZone` at `date`: its offset then, applied to the UTC time.
        let zone = ZoneNames.zone(of: timeZone, at: date)
        // By arithmetic (`CivilDate`): `gmtime_r` takes glibc's time-zone lock.
        let local = CivilDate.dateAndTime(second: Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT)
        text.append(local.month)
        text.append("/")
        text.append(local.day)
        text.append("/")
        text.append(local.year % 100, width: 2)
        text.append(", ")
        text.append(local.hour % 12 == 0 ? 12 : local.hour % 12)
        text.append(":")
        text.append(local.minute, width: 2)
        text.append(":")
        text.append(local.second, width: 2)
        text.append(local.hour < 12 ? " AM " : " PM ")
        text.append(zone.name)
    }
}
