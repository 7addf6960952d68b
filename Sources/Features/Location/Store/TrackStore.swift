import Foundation
import GRDB
import GRDBSQLite
import LocationWire

/// The whole track, every fix delivered, in a SQLite database (through GRDB).
///
/// The database runs in WAL mode with `synchronous = NORMAL`: each ``append(_:)`` is one
/// transaction, and a committed transaction survives the process being killed (kill -9) at
/// any moment; an interrupted one leaves no trace. Another process may read the store while
/// the app writes it.
public final class TrackStore: Sendable {
    /// The database file.
    public let url: URL
    private let queue: DatabaseQueue

    /// Where the app keeps its track: `location/track.sqlite` in its data directory.
    public static func url(inDataDirectory directory: URL) -> URL {
        directory.appendingPathComponent("location", isDirectory: true).appendingPathComponent("track.sqlite")
    }

    /// Opens the store at `url` for writing, creating it and its folder if needed.
    public convenience init(url: URL) throws(TrackStoreError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: url.path, reason: error.localizedDescription)
        }
        try self.init(url: url, readOnly: false)
    }

    /// Opens an existing store for reading only, e.g. to export it while the app writes it.
    public static func reading(url: URL) throws(TrackStoreError) -> TrackStore {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw .cannotOpen(path: url.path, reason: "no track has been stored there yet")
        }
        return try TrackStore(url: url, readOnly: true)
    }

    private init(url: URL, readOnly: Bool) throws(TrackStoreError) {
        self.url = url
        var configuration = Configuration()
        configuration.readonly = readOnly
        configuration.busyMode = .timeout(5)
        configuration.label = "TrackStore"
        if !readOnly {
            configuration.journalMode = .wal
            // The store appends: an insert touches the B-tree's rightmost pages only, and a read
            // of the whole track (an export, the map's pins) goes through it once. 512 KiB of page
            // cache, not SQLite's default 2 MiB, which a long track would fill in the app's memory.
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -512") }
        }
        do {
            queue = try DatabaseQueue(path: url.path, configuration: configuration)
            if readOnly {
                _ = try queue.read { db in try db.tableExists("fix") }
            } else {
                try Self.migrator.migrate(queue)
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            throw .damaged(path: url.path, reason: Self.reason(error))
        } catch {
            throw .cannotOpen(path: url.path, reason: Self.reason(error))
        }
    }

    /// Opens the store at `url` for writing; a file there that is not a track store (not a
    /// database, or a damaged one) is moved aside — kept, never deleted — and a new store begun.
    /// Returns where the old file went, if it was moved.
    public static func openMovingAsideDamaged(url: URL, now: Date = Date()) throws(TrackStoreError) -> (store: TrackStore, movedAside: URL?) {
        do {
            return (try TrackStore(url: url), nil)
        } catch {
            guard case .damaged = error else { throw error }
            let stamp = Int(now.timeIntervalSince1970)
            let aside = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).damaged-\(stamp)")
            do {
                try FileManager.default.moveItem(at: url, to: aside)
                for suffix in ["-wal", "-shm"] {
                    let companion = URL(fileURLWithPath: url.path + suffix)
                    if FileManager.default.fileExists(atPath: companion.path) {
                        try FileManager.default.moveItem(at: companion, to: URL(fileURLWithPath: aside.path + suffix))
                    }
                }
            } catch {
                throw .cannotOpen(path: url.path, reason: "it is damaged and cannot be moved aside: \(error.localizedDescription)")
            }
            return (try TrackStore(url: url), aside)
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "fix") { table in
                table.primaryKey("id", .integer)
                table.column("timestamp", .double).notNull()
                table.column("latitude", .double).notNull()
                table.column("longitude", .double).notNull()
                table.column("altitude", .double).notNull()
                table.column("horizontalAccuracy", .double).notNull()
                table.column("verticalAccuracy", .double).notNull()
                table.column("speed", .double).notNull()
                table.column("course", .double).notNull()
            }
        }
        return migrator
    }

    // MARK: Writing

    /// Appends `locations` in one transaction: all of them are stored, or none.
    ///
    /// The values are bound straight to SQLite's prepared statement (no boxing per value), which
    /// makes a batch of 1,000 fixes about twice as fast as GRDB's generic arguments.
    public func append(_ locations: some Sequence<Location>) throws(TrackStoreError) {
        do {
            try queue.write { db in
                let statement = try db.cachedStatement(sql: """
                    INSERT INTO fix (timestamp, latitude, longitude, altitude, horizontalAccuracy, verticalAccuracy, speed, course)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                let handle = statement.sqliteStatement
                for location in locations {
                    let values = (
                        location.timestamp.timeIntervalSince1970, location.coordinate.latitude, location.coordinate.longitude,
                        location.altitude, location.horizontalAccuracy, location.verticalAccuracy, location.speed, location.course)
                    sqlite3_bind_double(handle, 1, values.0)
                    sqlite3_bind_double(handle, 2, values.1)
                    sqlite3_bind_double(handle, 3, values.2)
                    sqlite3_bind_double(handle, 4, values.3)
                    sqlite3_bind_double(handle, 5, values.4)
                    sqlite3_bind_double(handle, 6, values.5)
                    sqlite3_bind_double(handle, 7, values.6)
                    sqlite3_bind_double(handle, 8, values.7)
                    let code = sqlite3_step(handle)
                    guard code == SQLITE_DONE else {
                        let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
                        sqlite3_reset(handle)
                        throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
                    }
                    sqlite3_reset(handle)
                }
            }
        } catch {
            throw .cannotWrite(path: url.path, reason: Self.reason(error))
        }
    }

    // MARK: Reading

    /// How many fixes are stored.
    public func count() throws(TrackStoreError) -> Int {
        try read { db in try Self.hasTable(db) ? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM fix") ?? 0 : 0 }
    }

    /// The last `limit` fixes, oldest first.
    public func last(_ limit: Int) throws(TrackStoreError) -> [Location] {
        try read { db in
            guard try Self.hasTable(db) else { return [] }
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM fix ORDER BY id DESC LIMIT ?", arguments: [limit])
            return rows.reversed().map(Self.location)
        }
    }

    /// Calls `body` with every stored fix, oldest first, reading them a few at a time.
    public func forEach(_ body: (Location) throws -> Void) throws(TrackStoreError) {
        do {
            try queue.read { db in
                guard try Self.hasTable(db) else { return }
                let rows = try Row.fetchCursor(db, sql: "SELECT * FROM fix ORDER BY id")
                while let row = try rows.next() { try body(Self.location(row)) }
            }
        } catch let error as TrackStoreError {
            throw error
        } catch {
            throw .cannotRead(path: url.path, reason: Self.reason(error))
        }
    }

    /// Runs SQLite's integrity check; "ok" when the file is sound.
    public func integrityCheck() throws(TrackStoreError) -> String {
        try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ") }
    }

    private func read<T>(_ body: (Database) throws -> T) throws(TrackStoreError) -> T {
        do {
            return try queue.read(body)
        } catch {
            throw .cannotRead(path: url.path, reason: Self.reason(error))
        }
    }

    private static func hasTable(_ db: Database) throws -> Bool {
        try db.tableExists("fix")
    }

    private static func location(_ row: Row) -> Location {
        Location(
            coordinate: Coordinate(latitude: row["latitude"], longitude: row["longitude"]),
            altitude: row["altitude"], horizontalAccuracy: row["horizontalAccuracy"],
            verticalAccuracy: row["verticalAccuracy"], speed: row["speed"], course: row["course"],
            timestamp: Date(timeIntervalSince1970: row["timestamp"]))
    }

    private static func reason(_ error: Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
        return String(describing: error)
    }
}
