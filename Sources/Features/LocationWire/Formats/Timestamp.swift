import BackgroundWire
import Foundation

/// ISO 8601 times as GPX and gpsd write them (`2013-03-08T03:31:11Z`), written for files and
/// messages; ``UTCDateText/seconds(in:_:)`` reads them (`2013-03-07T22:31:11.250-05:00` too).
package enum Timestamp {
    /// `2013-03-08T03:31:11Z` (with milliseconds when there are any), rounded to the nearest
    /// millisecond: 11.9996 s is `…:12Z`.
    package static func text(_ seconds: Double) -> String {
        UTCDateText.iso8601Milliseconds(Date(timeIntervalSince1970: seconds))
    }
}
