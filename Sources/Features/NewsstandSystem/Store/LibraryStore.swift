import BackgroundSystem
import BackgroundWire
import Foundation
import GRDB
import NewsstandWire

/// The Newsstand library's SQLite database: issues, asset downloads and their resume state,
/// and the currently-reading issue. Every method is safe from any thread.
public final class LibraryStore: Sendable {
    let database: DatabaseQueue

    /// Opens (or creates) the database at `path`.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // A checkpoint only ever moves forward, and the file was synced before it: losing
            // the last one to a power cut means fetching a little again, never corruption.
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        }
        database = try DatabaseQueue(path: path, configuration: configuration)
        try Self.migrator.migrate(database)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: IssueRecord.databaseTableName) { table in
                table.column("name", .text).primaryKey()
                table.column("date", .datetime).notNull()
            }
            try db.create(table: AssetRecord.databaseTableName) { table in
                table.column("id", .text).primaryKey()
                table.column("issueName", .text).notNull()
                    .references(IssueRecord.databaseTableName, column: "name", onDelete: .cascade)
                table.column("url", .text).notNull()
                table.column("headers", .text).notNull()
                table.column("userInfo", .text).notNull()
                table.column("phase", .text).notNull()
                table.column("bytesWritten", .integer).notNull()
                table.column("expectedBytes", .integer)
                table.column("etag", .text)
                table.column("lastModified", .text)
                table.column("fileName", .text)
                table.column("bootID", .text)
                table.column("error", .text)
                table.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "setting") { table in
                table.column("key", .text).primaryKey()
                table.column("value", .text).notNull()
            }
        }
        return migrator
    }

    // MARK: Issues

    /// The issues, oldest date first.
    public func issues() throws -> [IssueRecord] {
        try database.read { db in try IssueRecord.order(Column("date"), Column("name")).fetchAll(db) }
    }

    public func issue(named name: String) throws -> IssueRecord? {
        try database.read { db in try IssueRecord.fetchOne(db, key: name) }
    }

    /// Adds an issue; false if the name is taken.
    func insert(_ issue: IssueRecord) throws -> Bool {
        try database.write { db in
            guard try !issue.exists(db) else { return false }
            try issue.insert(db)
            return true
        }
    }

    /// Removes an issue and its assets; the currently-reading mark goes with it.
    func removeIssue(named name: String) throws {
        try database.write { db in
            _ = try IssueRecord.deleteOne(db, key: name)
            if try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'currentlyReading'") == name {
                try db.execute(sql: "DELETE FROM setting WHERE key = 'currentlyReading'")
            }
        }
    }

    // MARK: Assets

    /// Every asset download, oldest first.
    public func assets() throws -> [AssetRecord] {
        try database.read { db in try AssetRecord.order(Column("createdAt"), Column("id")).fetchAll(db) }
    }

    public func assets(ofIssue name: String) throws -> [AssetRecord] {
        try database.read { db in
            try AssetRecord.filter(Column("issueName") == name).order(Column("createdAt"), Column("id")).fetchAll(db)
        }
    }

    public func asset(_ id: String) throws -> AssetRecord? {
        try database.read { db in try AssetRecord.fetchOne(db, key: id) }
    }

    func insert(_ asset: AssetRecord) throws {
        try database.write { db in try asset.insert(db) }
    }

    /// Changes an asset that still exists; returns the changed record, or nil if it is gone.
    @discardableResult
    func update(_ id: String, _ change: (inout AssetRecord) -> Void) throws -> AssetRecord? {
        try database.write { db in
            guard var asset = try AssetRecord.fetchOne(db, key: id) else { return nil }
            change(&asset)
            try asset.update(db)
            return asset
        }
    }

    func removeAsset(_ id: String) throws {
        try database.write { db in _ = try AssetRecord.deleteOne(db, key: id) }
    }

    // MARK: Currently reading

    /// The name of the issue the user is reading, which low-disk eviction never touches.
    public func currentlyReading() throws -> String? {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'currentlyReading'")
        }
    }

    func setCurrentlyReading(_ name: String?) throws {
        try database.write { db in
            if let name {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO setting (key, value) VALUES ('currentlyReading', ?)", arguments: [name])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = 'currentlyReading'")
            }
        }
    }
}
