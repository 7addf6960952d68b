import GStreamerMedia
import Audio
import Foundation

/// One tag of an asset (`AVMetadataItem`), in the common key space: its key and identifier and
/// its value, a string here.
public final class AVMetadataItem: Sendable {
    public let commonKey: AVMetadataKey?
    public let identifier: AVMetadataIdentifier?
    /// The value as a string.
    public let stringValue: String?

    init(common key: AVMetadataKey, value: String) {
        commonKey = key
        identifier = AVMetadataIdentifier(common: key)
        stringValue = value
    }

    /// The value, as Foundation's object: an `NSString` here.
    public var value: (any NSCopying & NSObjectProtocol)? { stringValue.map { NSString(string: $0) } }

    /// The value as a date, for a creation date.
    public var dateValue: Date? { stringValue.flatMap { ISO8601DateFormatter().date(from: $0) } }

    /// The items of `items` with `identifier`.
    public class func metadataItems(from items: [AVMetadataItem], filteredByIdentifier identifier: AVMetadataIdentifier) -> [AVMetadataItem] {
        items.filter { $0.identifier == identifier }
    }

    /// The common items of `tags`, in the order title, artist, album, copyrights, creation date.
    static func common(_ tags: MediaTags) -> [AVMetadataItem] {
        let values: [(AVMetadataKey, String?)] = [
            (.commonKeyTitle, tags.title), (.commonKeyArtist, tags.artist), (.commonKeyAlbumName, tags.albumName),
            (.commonKeyCopyrights, tags.copyrights), (.commonKeyCreationDate, tags.creationDate),
        ]
        return values.compactMap { key, value in value.map { AVMetadataItem(common: key, value: $0) } }
    }
}
