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
        Self.formatted(
            "<%+.8f,%+.8f> +/- %.2fm (speed %.2f mps / course %.2f) @ ",
            coordinate.latitude, coordinate.longitude, horizontalAccuracy, speed, course)
            + Self.timestampText(timestamp, in: timeZone)
    }

    /// `3/7/13, 10:31:11 PM Eastern Daylight Time`: the date and time as CoreLocation prints them
    /// (the US English short date and medium time), then the time zone's full name.
    static func timestampText(_ date: Date, in timeZone: TimeZone) -> String {
        // The wall clock in `timeZone` at `date`: its offset then, applied to the UTC time.
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down)) + time_t(timeZone.secondsFromGMT(for: date))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let hour12 = parts.tm_hour % 12 == 0 ? 12 : parts.tm_hour % 12
        return Self.formatted(
            "%d/%d/%02d, %d:%02d:%02d ", parts.tm_mon + 1, parts.tm_mday, (parts.tm_year + 1900) % 100,
            hour12, parts.tm_min, parts.tm_sec)
            + (parts.tm_hour < 12 ? "AM " : "PM ") + ZoneNames.name(of: timeZone, at: date)
    }

    /// `format` filled in by the C library's `vsnprintf`, without Foundation's `String(format:)`
    /// and its bridging, which cost most of a description. A text longer than the usual buffer
    /// (an absurd speed from a receiver, say) is formatted again in one that fits.
    private static func formatted(_ format: String, _ arguments: any CVarArg...) -> String {
        func attempt(capacity: Int) -> (text: String, needed: Int) {
            withVaList(arguments) { list in
                withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
                    let needed = Int(vsnprintf(buffer.baseAddress!, capacity, format, list))
                    let bytes = UnsafeRawBufferPointer(start: buffer.baseAddress!, count: max(0, min(needed, capacity - 1)))
                    return (String(decoding: bytes, as: UTF8.self), needed)
                }
            }
        }
        let first = attempt(capacity: 256)
        return first.needed < 256 ? first.text : attempt(capacity: first.needed + 1).text
    }
}
