import AVFoundation
import Audio
import BackgroundRuntime
import MediaPlayer
import Testing

@Suite("AVFoundation's and MediaPlayer's spelling: background audio, Now Playing and remote commands, on the test device with real GStreamer")
struct BackgroundAudioTests {
    @Test func withTheAudioModeAndPlaybackTheQueuePlayerPlaysOnInTheBackgroundWithItsTimeObserver() async throws {
        let radio = RadioDevice(modes: [.audio])
        defer { radio.service.shutdown() }
        let device = radio.device
        try await radio.playTracks()
        #expect(radio.inApp { $0.player?.rate } == 1)
        #expect(radio.inApp { $0.player?.items().map { ($0.asset as? AVURLAsset)?.url.lastPathComponent ?? "-" } }
            == BundledTracks.names)
        device.pressHome()
        #expect(device.appState == .background)
        let before = radio.log.timeCount
        device.advance(by: .seconds(1))
        #expect(radio.log.timeCount - before == 100, "a 10 ms observer, on the device's clock")
        #expect(device.appState == .background && radio.service.player.isPlaying)
        #expect(radio.inApp { _ in AVAudioSession.sharedInstance().category } == .playback)
        #expect(device.diagnostics.count == 0)

        radio.inApp { $0.stopObservingTime() }
        let after = radio.log.timeCount
        device.advance(by: .seconds(1))
        #expect(radio.log.timeCount == after, "removeTimeObserver(_:) stops it")
    }

    @Test func withoutTheAudioModeTheAppIsSuspendedAndTheMusicStops() async throws {
        let radio = RadioDevice(modes: [])
        defer { radio.service.shutdown() }
        let device = radio.device
        try await radio.playTracks()
        device.pressHome()
        #expect(device.appState == .suspended)
        #expect(!radio.service.player.isPlaying)
        #expect(device.diagnostics.recent.map(\.rule) == [.missingBackgroundMode])
        #expect(device.console.recentMessages.contains { $0.contains("Oops, why did the music stop?") })
        let before = radio.log.timeCount
        device.advance(by: .seconds(1))
        #expect(radio.log.timeCount == before)
    }

    @Test func nowPlayingInfoSetInMediaPlayersSpellingIsOnTheLockScreen() async throws {
        let radio = RadioDevice(modes: [.audio])
        defer { radio.service.shutdown() }
        let device = radio.device
        try await radio.playTracks()
        let nowPlaying = device.nowPlaying
        #expect(nowPlaying.info == NowPlayingInfo(
            title: "Iron Bacon", artist: "The Backgrounders", duration: .seconds(30), elapsed: .zero, rate: 1))
        #expect(nowPlaying.isNowPlayingApp, "it played through a session that does not mix, and handles commands")
        #expect(nowPlaying.commands == [.play, .pause, .nextTrack, .changePlaybackPosition])
        #expect(radio.inApp { _ in MPNowPlayingInfoCenter.default().nowPlayingInfo?[MPMediaItemPropertyTitle] as? String }
            == "Iron Bacon", "reading it gives back what was set")

        radio.inApp { _ in MPNowPlayingInfoCenter.default().nowPlayingInfo = nil }
        #expect(device.nowPlaying.info == nil)
    }

    @Test func aRemotePauseReachesTheHandlerInTheBackgroundAndItsAnswerCounts() async throws {
        let radio = RadioDevice(modes: [.audio])
        defer { radio.service.shutdown() }
        let device = radio.device
        try await radio.playTracks()
        device.pressHome()
        #expect(device.sendRemoteCommand(.pause, from: "the lock screen") == .delivered)
        #expect(radio.log.take() == ["pause from its own command: true"])
        #expect(!radio.service.player.isPlaying)
        #expect(!device.console.recentMessages.contains { $0.hasPrefix("Remote command pause:") }, "a success says nothing")
        device.runUntilIdle()
        #expect(device.appState == .suspended, "paused, the app is suspended")

        #expect(device.sendRemoteCommand(.changePlaybackPosition(.seconds(12)), from: "the lock screen") == .delivered)
        #expect(radio.log.take() == ["interruption began wasSuspended", "position 12.0"],
            "woken, the app first hears that the system deactivated its session when it suspended it (iOS 10's flag)")
        #expect(device.sendRemoteCommand(.nextTrack, from: "the lock screen") == .delivered)
        #expect(device.console.recentMessages.contains { $0.contains("Remote command nextTrack: noActionableNowPlayingItem") })
    }
}
