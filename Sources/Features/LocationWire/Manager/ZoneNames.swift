import Foundation
import Synchronization

/// The full US English names of time zones ("Eastern Daylight Time"), looked up once each:
/// asking ICU for a name costs more than the rest of a location's description together, and
/// a tracking app describes a fix many times a second.
enum ZoneNames {
    private static let names = Mutex<[String: String]>([:])

    /// The name of `timeZone` at `date`, standard or daylight-saving as it is then.
    static func name(of timeZone: TimeZone, at date: Date) -> String {
        let isDaylightSaving = timeZone.isDaylightSavingTime(for: date)
        let key = "\(timeZone.identifier) \(isDaylightSaving)"
        if let name = names.withLock({ $0[key] }) { return name }
        let style: NSTimeZone.NameStyle = isDaylightSaving ? .daylightSaving : .standard
        let name = timeZone.localizedName(for: style, locale: Locale(identifier: "en_US")) ?? timeZone.identifier
        names.withLock { $0[key] = name }
        return name
    }
}
