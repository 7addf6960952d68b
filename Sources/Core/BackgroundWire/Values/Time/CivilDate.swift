/// Proleptic Gregorian dates as day numbers since 1970-01-01 and back, by arithmetic alone:
/// Howard Hinnant's `days_from_civil` and `civil_from_days`. The date texts of the wire
/// (`UTCDateText`) and of GPX, gpsd and NMEA (LocationWire's `Timestamp`) are read and written
/// with them, without a `Calendar`.
package enum CivilDate {
    /// The days from 1970-01-01 to the given day (negative before it).
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` after 1970-01-01 (the inverse of ``days(year:month:day:)``).
    package static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The date and the time of day `second` seconds after 1970-01-01 00:00:00 (negative before
    /// it): a wall clock's fields, given the seconds with its zone's offset added.
    package static func dateAndTime(second: Int) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let secondOfDay = (second % 86_400 + 86_400) % 86_400
        let (year, month, day) = date(days: (second - secondOfDay) / 86_400)
        return (year, month, day, secondOfDay / 3_600, secondOfDay / 60 % 60, secondOfDay % 60)
    }

    /// How many days `month` (1–12) of `year` has.
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
