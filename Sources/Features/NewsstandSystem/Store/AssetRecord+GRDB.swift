import GRDB
import NewsstandWire

/// An asset download is a row of the library's `asset` table.
extension AssetRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "asset"

    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        LibraryStore.dateEncoding
    }

    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        LibraryStore.dateDecoding
    }
}
