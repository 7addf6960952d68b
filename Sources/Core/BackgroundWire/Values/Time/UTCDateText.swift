import Foundation

/// Dates as text in UTC, written and read by arithmetic alone: the ISO 8601 form `status` shows
/// (`2026-11-21T22:31:11Z`, what `date.formatted(.iso8601)` writes) and the form GRDB stores
/// (`2026-11-21 22:31:11.042`, what its default `DateFormatter` writes).
///
/// Foundation's formatters give the same text, but on Linux the first call of either loads
/// ICU's calendar, time-zone and locale data (`lib_FoundationICU`): a few MiB of resident pages
/// in each of the two processes, for text that needs no locale and no time zone but UTC's.
/// Backgrounder's model; the days are `CivilDate`'s arithmetic.
public enum UTCDateText {
    /// `yyyy-MM-dd'T'HH:mm:ss'Z'`: whole seconds, rounded down, as `.iso8601` formats.
    public static func iso8601(_ date: Date) -> String {
        let fields = Fields(milliseconds: clamped(date.timeIntervalSince1970.rounded(.down)) * 1_000)
        return fields.dateText + "T" + fields.timeText + "Z"
    }

    /// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` to the nearest millisecond (11.9996 s is `…:12Z`), without
    /// the fraction when it is none: times as GPX files and gpsd write them.
    public static func iso8601Milliseconds(_ date: Date) -> String {
        let fields = Fields(milliseconds: clamped((date.timeIntervalSince1970 * 1_000).rounded()))
        let fraction = fields.millisecond > 0 ? "." + padded(fields.millisecond, to: 3) : ""
        return fields.dateText + "T" + fields.timeText + fraction + "Z"
    }

    /// `yyyy-MM-dd HH:mm:ss.SSS`: to the nearest millisecond, as GRDB stores a `Date` (its
    /// `DateFormatter` rounds so).
    public static func storage(_ date: Date) -> String {
        let fields = Fields(milliseconds: clamped((date.timeIntervalSince1970 * 1_000 + 0.5).rounded(.down)))
        return fields.dateText + " " + fields.timeText + "." + padded(fields.millisecond, to: 3)
    }

    /// The date `text` names in either form above, or in ISO 8601's others that carry a time:
    /// `T` or a space between date and time, seconds with or without a fraction, and `Z`, an
    /// offset (`+01:00`, `-0530`) or nothing (UTC) after. Nil for anything else, including a
    /// day the month does not have.
    public static func date(from text: String) -> Date? {
        var scanner = Scanner(text.utf8)
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2), scanner.skip("T") || scanner.skip(" "),
            let hour = scanner.number(digits: 2), scanner.skip(":"),
            let minute = scanner.number(digits: 2), scanner.skip(":"),
            let second = scanner.number(digits: 2)
        else { return nil }
        var millisecond = 0
        if scanner.skip(".") {
            guard let fraction = scanner.fraction() else { return nil }
            millisecond = fraction
        }
        guard let offset = scanner.offsetSeconds(), scanner.atEnd,
            (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = CivilDate.days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + Double(millisecond) / 1_000)
    }

    /// A whole number held within ±10¹⁴ (3,000 years of milliseconds), 0 for NaN.
    private static func clamped(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(-1e14, min(1e14, value)))
    }

    private static func padded(_ value: Int, to width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// A moment's calendar fields in UTC.
    private struct Fields {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, millisecond = 0

        init(milliseconds: Int) {
            millisecond = (milliseconds % 1_000 + 1_000) % 1_000
            (year, month, day, hour, minute, second) = CivilDate.dateAndTime(second: (milliseconds - millisecond) / 1_000)
        }

        var dateText: String { padded(year, to: 4) + "-" + padded(month, to: 2) + "-" + padded(day, to: 2) }
        var timeText: String { padded(hour, to: 2) + ":" + padded(minute, to: 2) + ":" + padded(second, to: 2) }
    }

    /// Reads a date's text left to right.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ text: String.UTF8View) { bytes = Array(text) }

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }

        /// Exactly `digits` decimal digits.
        mutating func number(digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += digits
            return value
        }

        /// One or more digits after a decimal point, as whole milliseconds (the rest dropped).
        mutating func fraction() -> Int? {
            var millisecond = 0, count = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                if count < 3 { millisecond = millisecond * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<max(count, 3) { millisecond *= 10 }
            return millisecond
        }

        /// `Z`, `±HH:MM`, `±HHMM` or nothing, in seconds east of UTC; nil if malformed.
        mutating func offsetSeconds() -> Int? {
            if atEnd || skip("Z") { return 0 }
            let sign: Int
            if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
            guard let hours = number(digits: 2), hours < 24 else { return nil }
            _ = skip(":")
            guard let minutes = number(digits: 2), minutes < 60 else { return nil }
            return sign * (hours * 3_600 + minutes * 60)
        }
    }
}
