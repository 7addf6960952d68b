/// A metadata identifier (`AVMetadataIdentifier`): a key space and a key, as Apple writes them
/// (`common/title`).
public struct AVMetadataIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The identifier of `key` in the common key space.
    init(common key: AVMetadataKey) {
        rawValue = "common/\(key.rawValue)"
    }

    public static let commonIdentifierTitle = AVMetadataIdentifier(common: .commonKeyTitle)
    public static let commonIdentifierArtist = AVMetadataIdentifier(common: .commonKeyArtist)
    public static let commonIdentifierAlbumName = AVMetadataIdentifier(common: .commonKeyAlbumName)
    public static let commonIdentifierCopyrights = AVMetadataIdentifier(common: .commonKeyCopyrights)
    public static let commonIdentifierCreationDate = AVMetadataIdentifier(common: .commonKeyCreationDate)
}
