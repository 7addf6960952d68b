import BackgroundRuntime
import DBus
@testable import MPRIS
import Testing

@Suite("MPRIS properties of the lock screen's Now Playing")
struct MPRISPropertiesTests {
    private let playing = NowPlayingSnapshot(
        isNowPlayingApp: true,
        info: NowPlayingInfo(title: "IronBacon.mp3", duration: .seconds(120), elapsed: .seconds(10), rate: 1),
        infoTime: .seconds(100), commands: [.play, .pause, .togglePlayPause, .nextTrack])

    @Test func aPlayingAppIsPlayingWithItsTitleLengthAndCountedPosition() {
        let properties = MPRISProperties(playing, identity: "TheBackgrounder", at: .seconds(105))
        let player = Dictionary(uniqueKeysWithValues: properties.player)
        #expect(player["PlaybackStatus"] == .string("Playing"))
        #expect(player["CanGoNext"] == .boolean(true))
        #expect(player["CanGoPrevious"] == .boolean(false))
        #expect(player["CanSeek"] == .boolean(false))
        let metadata = player["Metadata"]?.stringVariantEntries
        #expect(metadata?["xesam:title"] == .string("IronBacon.mp3"))
        #expect(metadata?["mpris:length"] == .int64(120_000_000))
        #expect(metadata?["mpris:trackid"] == .objectPath("/org/mpris/MediaPlayer2/TheBackgrounder/track/IronBacon_mp3"))
        #expect(properties.position == 15_000_000)
    }

    @Test func anAppThatIsNotTheNowPlayingAppShowsNothingAndOffersNothing() {
        var snapshot = playing
        snapshot.isNowPlayingApp = false
        let player = Dictionary(uniqueKeysWithValues: MPRISProperties(snapshot, identity: "TheBackgrounder", at: .seconds(105)).player)
        #expect(player["PlaybackStatus"] == .string("Stopped"))
        #expect(player["CanPlay"] == .boolean(false))
        #expect(player["Metadata"]?.stringVariantEntries == ["mpris:trackid": .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack")])
    }

    @Test func pausedThePositionStaysAndOnlyWhatChangedIsAnnounced() {
        var paused = playing
        paused.info?.rate = 0
        let before = MPRISProperties(playing, identity: "TheBackgrounder", at: .seconds(100))
        let after = MPRISProperties(paused, identity: "TheBackgrounder", at: .seconds(200))
        #expect(after.position == 10_000_000)
        #expect(after.changedPlayerProperties(since: before).map(\.0) == ["PlaybackStatus"])
    }
}
