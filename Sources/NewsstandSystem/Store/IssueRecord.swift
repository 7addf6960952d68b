import Foundation
import GRDB

/// An issue as the library stores it.
public struct IssueRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "issue"

    public var name: String
    public var date: Date
}
