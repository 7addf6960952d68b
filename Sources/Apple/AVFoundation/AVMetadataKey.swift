/// A metadata key (`AVMetadataKey`): here the common key space's, which `commonKey` names.
public struct AVMetadataKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let commonKeyTitle = AVMetadataKey(rawValue: "title")
    public static let commonKeyArtist = AVMetadataKey(rawValue: "artist")
    public static let commonKeyAlbumName = AVMetadataKey(rawValue: "albumName")
    public static let commonKeyCopyrights = AVMetadataKey(rawValue: "copyrights")
    public static let commonKeyCreationDate = AVMetadataKey(rawValue: "creationDate")
}
