import BackgroundWire
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
            (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
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
        let days = CivilDate.days(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    /// `2013-03-08T03:31:11Z` (with milliseconds when there are any), rounded to the nearest
    /// millisecond: 11.9996 s is `…:12Z`.
    package static func text(_ seconds: Double) -> String {
        UTCDateText.iso8601Milliseconds(Date(timeIntervalSince1970: seconds))
    }
}
