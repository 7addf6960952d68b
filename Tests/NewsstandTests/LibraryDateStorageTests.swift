import Foundation
import GRDB
@testable import NewsstandSystem
import TestSupport
import Testing

/// The library stores dates as GRDB's default strategy does, without its `DateFormatter`: a
/// library written before reads the same, and a record written now is the same text.
@Suite("The library's stored dates", .temporaryDirectory)
struct LibraryDateStorageTests {
    @Test func aDateWrittenByGRDBsDefaultReadsTheSame() throws {
        let store = try LibraryStore(path: TestTemporaryDirectory.make("library").appendingPathComponent("library.sqlite").path)
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO issue (name, date) VALUES ('old', '2025-11-21 22:31:11.042')")
        }
        let issue = try #require(try store.issue(named: "old"))
        #expect(abs(issue.date.timeIntervalSince1970 - 1_763_764_271.042) < 1e-6)
    }

    @Test func aDateWrittenNowIsTheTextGRDBsDefaultWrites() throws {
        let store = try LibraryStore(path: TestTemporaryDirectory.make("library").appendingPathComponent("library.sqlite").path)
        let date = Date(timeIntervalSince1970: 1_763_764_271.042_4)
        #expect(try store.insert(IssueRecord(name: "new", date: date)))
        let stored = try store.database.read { db in try String.fetchOne(db, sql: "SELECT date FROM issue WHERE name = 'new'") }
        #expect(stored == String.fromDatabaseValue(date.databaseValue))
        #expect(stored == "2025-11-21 22:31:11.042")
    }

    @Test func aDateThatIsNoDateFailsTheRecordNotTheProcess() throws {
        let store = try LibraryStore(path: TestTemporaryDirectory.make("library").appendingPathComponent("library.sqlite").path)
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO issue (name, date) VALUES ('bad', 'yesterday')")
        }
        #expect(throws: (any Error).self) { try store.issue(named: "bad") }
    }
}
