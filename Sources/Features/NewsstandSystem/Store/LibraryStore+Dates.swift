import BackgroundWire
import Foundation
import GRDB

extension LibraryStore {
    /// How the library's records store a date: the text GRDB's default strategy writes
    /// (`2026-11-21 22:31:11.042`, UTC), so that a library written before reads the same and
    /// sorts the same, but written without `DateFormatter`, whose first use loads ICU's data.
    static let dateEncoding = DatabaseDateEncodingStrategy.custom { UTCDateText.storage($0) }

    /// How the library's records read a date back: that text, or a number of seconds since 1970
    /// as GRDB's default reads one; anything else fails the record's decoding.
    static let dateDecoding = DatabaseDateDecodingStrategy.custom { value in
        if let text = String.fromDatabaseValue(value) { return UTCDateText.date(from: text) }
        return Double.fromDatabaseValue(value).map(Date.init(timeIntervalSince1970:))
    }
}
