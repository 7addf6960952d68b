import BackgroundRuntime
import Testing

@Suite("Now Playing and remote commands")
struct NowPlayingTests {
    private let song = NowPlayingInfo(title: "IronBacon.mp3", duration: .seconds(30), elapsed: .seconds(2), rate: 1)

    /// A launched app with the audio mode whose handlers for `commands` record what they get.
    private func launch(handling commands: [RemoteCommandKind] = [.play, .pause], log: AppLog) -> TestDevice {
        let device = makeDevice(modes: [.audio], log: log)
        device.launch()
        device.perform { application in
            for kind in commands {
                application.remoteCommandCenter.addTarget(for: kind) { command in
                    log.append("handled \(command)")
                    return .success
                }
            }
        }
        _ = log.take()
        return device
    }

    @Test func remoteCommandsGoOnlyToAnAppThatPlayedThroughASessionThatDoesNotMix() {
        let log = AppLog()
        let device = launch(log: log)
        #expect(device.sendRemoteCommand(.play, from: "the lock screen") == .refused(
            reason: "TheBackgrounder is not the Now Playing app: it has not played audio through a session that does not mix with others"))
        device.audioStartedPlaying(mixesWithOthers: true)
        #expect(device.sendRemoteCommand(.play, from: "the lock screen") != .delivered)
        #expect(!device.nowPlaying.isNowPlayingApp)
        device.audioStartedPlaying(mixesWithOthers: false)
        #expect(device.nowPlaying.isNowPlayingApp)
        #expect(device.sendRemoteCommand(.play, from: "the lock screen") == .delivered)
        #expect(log.take() == ["handled play"])
        #expect(device.console.recentMessages.contains("Remote command play from the lock screen"))
    }

    @Test func playingThroughASessionThatMixesEndsTheNowPlayingApp() {
        let log = AppLog()
        let device = launch(log: log)
        device.audioStartedPlaying(mixesWithOthers: false)
        #expect(device.nowPlaying.isNowPlayingApp)
        device.audioStartedPlaying(mixesWithOthers: true)
        #expect(!device.nowPlaying.isNowPlayingApp)
        #expect(device.console.recentMessages.contains(
            "TheBackgrounder is no longer the Now Playing app: it plays through a session that mixes with others"))
        #expect(device.sendRemoteCommand(.play, from: "MPRIS") != .delivered)
        #expect(log.take().isEmpty)
    }

    @Test func anAppThatHandlesNoCommandIsNotTheNowPlayingApp() {
        let log = AppLog()
        let device = launch(handling: [], log: log)
        device.audioStartedPlaying(mixesWithOthers: false)
        #expect(!device.nowPlaying.isNowPlayingApp)
        #expect(device.sendRemoteCommand(.pause, from: "MPRIS") == .refused(
            reason: "TheBackgrounder is not the Now Playing app: it handles no remote command"))
    }

    @Test func aCommandWithoutAHandlerIsNotDelivered() {
        let log = AppLog()
        let device = launch(log: log)
        device.audioStartedPlaying(mixesWithOthers: false)
        #expect(device.sendRemoteCommand(.nextTrack, from: "MPRIS") == .refused(reason: "TheBackgrounder has no handler for nextTrack"))
        #expect(log.take().isEmpty)
        #expect(device.nowPlaying.commands == [.play, .pause])
    }

    @Test func aRemoteCommandWakesASuspendedNowPlayingAppAndRunsItsHandler() {
        let log = AppLog()
        let device = launch(log: log)
        device.audioStartedPlaying(mixesWithOthers: false)
        device.pressHome()
        #expect(device.appState == .suspended)
        _ = log.take()
        #expect(device.sendRemoteCommand(.play, from: "MPRIS") == .delivered)
        #expect(log.take() == ["didEnterBackground background", "handled play"], "resumed: didEnterBackground, then the event")
        #expect(device.console.recentMessages.contains("Woken in the background: remote command play"))
        // Nothing plays in this test: once the handler returned, the app is suspended again.
        #expect(device.appState == .suspended)
        device.terminate()
        #expect(device.sendRemoteCommand(.play, from: "MPRIS") == .refused(reason: "TheBackgrounder is not running"))
    }

    @Test func theNowPlayingInfoOutlivesSuspensionCountsOnAndGoesWithTheApp() {
        let log = AppLog()
        let device = launch(log: log)
        device.audioStartedPlaying(mixesWithOthers: false)
        device.perform { [song] application in application.nowPlayingInfoCenter.nowPlayingInfo = song }
        let setAt = device.now
        device.pressHome()
        device.advance(by: .seconds(5))
        #expect(device.appState == .suspended)
        #expect(device.nowPlaying.info == song)
        #expect(device.nowPlaying.position(at: device.now) == .seconds(2) + (device.now - setAt))
        #expect(device.nowPlaying.position(at: device.now + .seconds(60)) == .seconds(30))
        device.terminate()
        #expect(device.nowPlaying == NowPlayingSnapshot())
    }

    @Test func theLockScreenIsShownWhenTheScreenLocks() {
        let device = launch(log: AppLog())
        device.conditions.lockScreen()
        #expect(device.nowPlaying.locked)
        #expect(device.statusJSON().contains(#""locked":true"#))
        device.conditions.unlockScreen()
        #expect(!device.nowPlaying.locked)
    }
}
