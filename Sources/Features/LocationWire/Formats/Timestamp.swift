import Foundation

/// ISO 8601 times as GPX and gpsd write them (`2013-03-08T03:31:11Z`,
/// `2013-03-07T22:31:11.250-05:00`), read from bytes and written for messages.
package enum Timestamp {
    /// Seconds since 1970, or nil if the bytes are not such a time.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var start = range.lowerBound, end = range.upperBound
        while start < end, bytes[start] <= 0x20 { start += 1 }
        while end > start, bytes[end - 1] <= 0x20 { end -= 1 }
        guard end - start >= 19,
            let year = ASCIIBytes.integer(bytes, start..<start + 4),
            bytes[start + 4] == UInt8(ascii: "-"),
            let month = ASCIIBytes.integer(bytes, start + 5..<start + 7),
            bytes[start + 7] == UInt8(ascii: "-"),
            let day = ASCIIBytes.integer(bytes, start + 8..<start + 10),
            bytes[start + 10] | 0x20 == UInt8(ascii: "t") || bytes[start + 10] == UInt8(ascii: " "),
            let hour = ASCIIBytes.integer(bytes, start + 11..<start + 13),
            bytes[start + 13] == UInt8(ascii: ":"),
            let minute = ASCIIBytes.integer(bytes, start + 14..<start + 16),
            bytes[start + 16] == UInt8(ascii: ":"),
            let second = ASCIIBytes.integer(bytes, start + 17..<start + 19),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        var index = start + 19
        var fraction = 0.0
        if index < end, bytes[index] == UInt8(ascii: ".") {
            var scale = 0.1
            index += 1
            let digitsStart = index
            while index < end, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
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
            guard index + 3 <= end, let hours = ASCIIBytes.integer(bytes, index + 1..<index + 3) else { return nil }
            index += 3
            if index < end, bytes[index] == UInt8(ascii: ":") { index += 1 }
            guard index + 2 <= end, let minutes = ASCIIBytes.integer(bytes, index..<index + 2), hours < 24, minutes < 60 else { return nil }
            index += 2
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard index == end else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `2013-03-08T03:31:11Z` (with milliseconds when there are any), rounded to the nearest
    /// millisecond: 11.9996 s is `…:12Z`.
    package static func text(_ seconds: Double) -> String {
        let totalMilliseconds = (seconds * 1000).rounded()
        let whole = (totalMilliseconds / 1000).rounded(.down)
        let days = Int((whole / 86_400).rounded(.down))
        let secondOfDay = Int(whole) - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let milliseconds = Int(totalMilliseconds - whole * 1000)
        let clock = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        return clock + (milliseconds > 0 && milliseconds < 1000 ? String(format: ".%03d", milliseconds) : "") + "Z"
    }

    /// The date of a day number since 1970-01-01 (the inverse of ``daysFromCivil(year:month:day:)``).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
