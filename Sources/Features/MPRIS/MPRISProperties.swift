import BackgroundRuntime
import DBus
import Foundation

/// The MPRIS properties of the lock screen's Now Playing: what `Get`, `GetAll` and
/// `PropertiesChanged` carry, computed from a ``NowPlayingSnapshot`` alone.
struct MPRISProperties {
    /// The root interface's, in the specification's order.
    let root: [(String, DBusValue)]
    /// The player interface's, but `Position`, which changes without a signal.
    let player: [(String, DBusValue)]
    /// The position in microseconds.
    let position: Int64
    /// The current track's id, an object path.
    let trackID: String

    init(_ snapshot: NowPlayingSnapshot, identity: String, at now: Duration) {
        root = [
            ("CanQuit", .boolean(false)),
            ("CanRaise", .boolean(true)),
            ("HasTrackList", .boolean(false)),
            ("Identity", .string(identity)),
            ("SupportedUriSchemes", .strings([])),
            ("SupportedMimeTypes", .strings([])),
        ]
        let controls = snapshot.isNowPlayingApp ? Set(snapshot.commands) : []
        trackID = Self.trackID(of: snapshot, identity: identity)
        position = Self.microseconds(snapshot.position(at: now))
        player = [
            ("PlaybackStatus", .string(Self.playbackStatus(of: snapshot))),
            ("Rate", .double(1)),
            ("Metadata", Self.metadata(of: snapshot, trackID: trackID)),
            ("Volume", .double(1)),
            ("MinimumRate", .double(1)),
            ("MaximumRate", .double(1)),
            ("CanGoNext", .boolean(controls.contains(.nextTrack))),
            ("CanGoPrevious", .boolean(controls.contains(.previousTrack))),
            ("CanPlay", .boolean(!controls.isDisjoint(with: [.play, .togglePlayPause]))),
            ("CanPause", .boolean(!controls.isDisjoint(with: [.pause, .togglePlayPause]))),
            ("CanSeek", .boolean(controls.contains(.changePlaybackPosition))),
            ("CanControl", .boolean(true)),
        ]
    }

    /// The properties of `interface`, `Position` included; nil for an interface MPRIS does
    /// not have.
    func all(of interface: String) -> [(String, DBusValue)]? {
        switch interface {
        case MPRISInterface.root: root
        case MPRISInterface.player: player + [("Position", .int64(position))]
        default: nil
        }
    }

    /// The player's properties whose values differ in `other`.
    func changedPlayerProperties(since other: MPRISProperties) -> [(String, DBusValue)] {
        let before = Dictionary(uniqueKeysWithValues: other.player)
        return player.filter { before[$0.0] != $0.1 }
    }

    // MARK: Values

    /// `Playing`, `Paused`, or `Stopped` when nothing is loaded or the app is not the Now
    /// Playing app.
    static func playbackStatus(of snapshot: NowPlayingSnapshot) -> String {
        guard snapshot.isNowPlayingApp, snapshot.info != nil else { return "Stopped" }
        return snapshot.isPlaying ? "Playing" : "Paused"
    }

    /// The `Metadata` map: `mpris:trackid`, `mpris:length`, `xesam:title`, `xesam:artist`,
    /// `xesam:album`, `mpris:artUrl` as far as the info has them.
    static func metadata(of snapshot: NowPlayingSnapshot, trackID: String) -> DBusValue {
        guard snapshot.isNowPlayingApp, let info = snapshot.info else {
            return .stringVariantDictionary([("mpris:trackid", .objectPath(MPRISInterface.noTrack))])
        }
        var entries: [(String, DBusValue)] = [("mpris:trackid", .objectPath(trackID))]
        if let duration = info.duration { entries.append(("mpris:length", .int64(microseconds(duration)))) }
        entries.append(("xesam:title", .string(info.title)))
        if let artist = info.artist { entries.append(("xesam:artist", .strings([artist]))) }
        if let album = info.albumTitle { entries.append(("xesam:album", .string(album))) }
        if let artwork = info.artwork { entries.append(("mpris:artUrl", .string(artURL(artwork)))) }
        return .stringVariantDictionary(entries)
    }

    /// A track id for the info's title: an object path under the player's, made of the
    /// title's letters and digits.
    static func trackID(of snapshot: NowPlayingSnapshot, identity: String) -> String {
        guard snapshot.isNowPlayingApp, let title = snapshot.info?.title else { return MPRISInterface.noTrack }
        let element = String(title.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_") ? Character(scalar) : "_"
        })
        let name = String(identity.unicodeScalars.filter { $0.isASCII && CharacterSet.alphanumerics.contains($0) })
        return "/org/mpris/MediaPlayer2/\(name.isEmpty ? "Player" : name)/track/\(element.isEmpty ? "_" : element)"
    }

    static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds.multipliedReportingOverflow(by: 1_000_000).overflow
            ? .max : seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    private static func artURL(_ artwork: String) -> String {
        artwork.hasPrefix("/") ? URL(fileURLWithPath: artwork).absoluteString : artwork
    }
}
