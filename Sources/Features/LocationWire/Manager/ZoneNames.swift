import Foundation
import Synchronization

/// The offsets and full US English names of time zones ("Eastern Daylight Time"), each asked of
/// ICU once a span: asking ICU for a name, an offset or whether daylight-saving time is on costs
/// more than the rest of a location's description together, and a tracking app describes a fix
/// many times a second.
enum ZoneNames {
    /// Between two of a zone's transitions, when its offset and its name stay as they are.
    private struct Span {
        let identifier: String
        let start: Date
        /// The zone's next transition after `start`, if it has one.
        let end: Date?
        let secondsFromGMT: Int
        let name: String

        func holds(_ date: Date, of timeZone: TimeZone) -> Bool {
            date >= start && end.map { date < $0 } ?? true && timeZone.identifier == identifier
        }
    }

    private static let names = Mutex<[String: String]>([:])
    /// The span asked about last: a fix's time is most often in the span of the fix before.
    private static let lastSpan = Mutex<Span?>(nil)

    /// The offset from GMT and the name of `timeZone` at `date`, standard or daylight-saving as
    /// it is then.
    static func zone(of timeZone: TimeZone, at date: Date) -> (secondsFromGMT: Int, name: String) {
        if let span = lastSpan.withLock({ $0 }), span.holds(date, of: timeZone) { return (span.secondsFromGMT, span.name) }
        let span = Span(
            identifier: timeZone.identifier, start: date, end: timeZone.nextDaylightSavingTimeTransition(after: date),
            secondsFromGMT: timeZone.secondsFromGMT(for: date), name: name(of: timeZone, at: date))
        lastSpan.withLock { $0 = span }
        return (span.secondsFromGMT, span.name)
    }

    /// The name of `timeZone` at `date`.
    private static func name(of timeZone: TimeZone, at date: Date) -> String {
        let isDaylightSaving = timeZone.isDaylightSavingTime(for: date)
        let key = "\(timeZone.identifier) \(isDaylightSaving)"
        if let name = names.withLock({ $0[key] }) { return name }
        let style: NSTimeZone.NameStyle = isDaylightSaving ? .daylightSaving : .standard
        let name = timeZone.localizedName(for: style, locale: Locale(identifier: "en_US")) ?? timeZone.identifier
        names.withLock { $0[key] = name }
        return name
    }
}
