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

    /// The date `text` names, as ``seconds(in:_:)`` reads it.
    public static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { seconds(in: $0, 0..<$0.count) }.map { Date(timeIntervalSince1970: $0) }
    }

    /// The moment `bytes[range]` names, in seconds since 1970: either form above, or ISO 8601's
    /// others that carry a time — `T`, `t` or a space between date and time, seconds with or
    /// without a fraction (all of its digits count) or a leap second's `60`, and `Z`, `z`, an
    /// offset (`+01:00`, `-0530`) or nothing (UTC) after — with blanks around it allowed. Nil
    /// for anything else, including a day the month does not have. Backgrounder's one reader of
    /// times as text: `status` and stored dates, GPX files and gpsd's reports.
    public static func seconds(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var start = range.lowerBound, end = range.upperBound
        while start < end, bytes[start] <= 0x20 { start += 1 }
        while end > start, bytes[end - 1] <= 0x20 { end -= 1 }
        guard end - start >= 19,
            let year = DecimalDigits.integer(bytes, start..<start + 4),
            bytes[start + 4] == UInt8(ascii: "-"),
            let month = DecimalDigits.integer(bytes, start + 5..<start + 7),
            bytes[start + 7] == UInt8(ascii: "-"),
            let day = DecimalDigits.integer(bytes, start + 8..<start + 10),
            bytes[start + 10] | 0x20 == UInt8(ascii: "t") || bytes[start + 10] == UInt8(ascii: " "),
            let hour = DecimalDigits.integer(bytes, start + 11..<start + 13),
            bytes[start + 13] == UInt8(ascii: ":"),
            let minute = DecimalDigits.integer(bytes, start + 14..<start + 16),
            bytes[start + 16] == UInt8(ascii: ":"),
            let second = DecimalDigits.integer(bytes, start + 17..<start + 19),
            (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        var index = start + 19
        var fraction = 0.0
        if index < end, bytes[index] == UInt8(ascii: ".") {
            var scale = 0.1
            index += 1
            let digitsStart = index
            while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > digitsStart else { return nil }
        }
        var offset = 0
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "z") {
            index += 1
        } else if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard index + 3 <= end, let hours = DecimalDigits.integer(bytes, index + 1..<index + 3) else { return nil }
            index += 3
            if index < end, bytes[index] == UInt8(ascii: ":") { index += 1 }
            guard index + 2 <= end, let minutes = DecimalDigits.integer(bytes, index..<index + 2), hours < 24, minutes < 60 else { return nil }
            index += 2
            offset = sign * (hours * 3_600 + minutes * 60)
        }
        guard index == end else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offset) + fraction
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
}
