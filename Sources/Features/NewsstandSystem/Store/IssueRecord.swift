import BackgroundSystem
import BackgroundWire
import Foundation
import GRDB
import NewsstandWire

/// An issue as the library stores it.
public struct IssueRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "issue"

    public var name: String
    public var date: Date

    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        LibraryStore.dateEncoding
    }

    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        LibraryStore.dateDecoding
    }
}
