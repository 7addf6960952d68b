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
        let latitude = String(format: "%+.8f", coordinate.latitude)
        let longitude = String(format: "%+.8f", coordinate.longitude)
        let accuracy = String(format: "%.2f", horizontalAccuracy)
        let speed = String(format: "%.2f", speed)
        let course = String(format: "%.2f", course)
        return "<\(latitude),\(longitude)> +/- \(accuracy)m (speed \(speed) mps / course \(course)) @ "
            + Self.timestampText(timestamp, in: timeZone)
    }

    /// `3/7/13, 10:31:11 PM Eastern Daylight Time`: the date and time as CoreLocation prints them
    /// (the US English short date and medium time), then the time zone's full name.
    static func timestampText(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let hour24 = parts.hour ?? 0
        let hour12 = hour24 % 12 == 0 ? 12 : hour24 % 12
        let year = (parts.year ?? 0) % 100
        let day = String(format: "%d/%d/%02d, ", parts.month ?? 0, parts.day ?? 0, year)
        let clock = String(format: "%d:%02d:%02d ", hour12, parts.minute ?? 0, parts.second ?? 0)
        return day + clock + (hour24 < 12 ? "AM " : "PM ") + zoneName(timeZone, at: date)
    }

    /// The zone's full US English name at `date`: "Eastern Daylight Time", "Coordinated Universal Time".
    private static func zoneName(_ timeZone: TimeZone, at date: Date) -> String {
        let style: NSTimeZone.NameStyle = timeZone.isDaylightSavingTime(for: date) ? .daylightSaving : .standard
        return timeZone.localizedName(for: style, locale: Locale(identifier: "en_US")) ?? timeZone.identifier
    }
}
