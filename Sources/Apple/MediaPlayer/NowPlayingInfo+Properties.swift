import BackgroundRuntime
import Foundation

extension NowPlayingInfo {
    /// The info MediaPlayer's dictionary `properties` gives.
    init(properties: [String: Any]) {
        self.init(
            title: properties[MPMediaItemPropertyTitle] as? String ?? "",
            artist: properties[MPMediaItemPropertyArtist] as? String,
            albumTitle: properties[MPMediaItemPropertyAlbumTitle] as? String,
            duration: Self.seconds(properties[MPMediaItemPropertyPlaybackDuration]).map(Duration.seconds),
            elapsed: Self.seconds(properties[MPNowPlayingInfoPropertyElapsedPlaybackTime]).map(Duration.seconds) ?? .zero,
            rate: Self.seconds(properties[MPNowPlayingInfoPropertyPlaybackRate]) ?? 0)
    }

    /// A number, whichever type the app wrote it in (an `NSNumber` on iOS); nil for anything else.
    private static func seconds(_ value: Any?) -> Double? {
        switch value {
        case let value as Double: value
        case let value as Float: Double(value)
        case let value as Int: Double(value)
        case let value as NSNumber: value.doubleValue
        default: nil
        }
    }
}
