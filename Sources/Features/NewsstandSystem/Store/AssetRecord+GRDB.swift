import GRDB
import NewsstandWire

/// An asset download is a row of the library's `asset` table.
extension AssetRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "asset"
}
