import BackgroundApp
import BackgroundWire
import Foundation

/// The Audio tab (the tutorial's `AudioViewController`): a queue of the bundled tracks, a
/// label with the current file name and the elapsed time, and a play/pause button.
///
/// As in the tutorial it sets the audio session's category, observes the player's current item
/// (`New music name: …` on the console) and adds a 10 ms periodic time observer. While the app
/// is active the time goes to the label; otherwise it goes to the console as
/// `App is backgrounded. Time is: 12.34`, once a second rather than every 10 ms, so the console
/// stays readable. The label's time is published for `status` at most once per frame of the
/// display (``frame``), not at every tick, and in the background, where no display shows it, at
/// most once a second (``offScreenInterval``); every other change at once.
///
/// Like an iOS music app it is controllable from the lock screen: it handles the play, pause,
/// play/pause and next-track remote commands (`MPRemoteCommandCenter`) and tells the system
/// what plays (`MPNowPlayingInfoCenter`: the file's name, its duration, the position and the
/// rate), each time playback starts, pauses or changes item.
///
/// Its player is the app's ``AudioPlayer``, which talks to the system's audio service by
/// messages: the music plays on in the system while the app's code is frozen.
///
/// After a call it plays again if the call stopped the music and the session says it should
/// resume. The tutorials leave that to AVPlayer, which Apple's “Responding to Audio Session
/// Interruptions” once said paused and resumed by itself; here the player only pauses, and the
/// app resumes, as in the Audio Session Programming Guide's interruption life cycle.
@AppMain
public final class AudioScreen {
    /// The time observer's interval, the tutorial's `CMTimeMake(10, 1000)`.
    public nonisolated static let timeInterval: Duration = .milliseconds(10)
    /// A frame of a 60 Hz display: the time label changes on screen at most this often, so its
    /// snapshot is published at most this often (Backgrounder's model of a screen's refresh).
    public nonisolated static let frame: Duration = .nanoseconds(16_666_667)
    /// How often the label's time is published while the app is in the background: nothing
    /// shows the screen then, and `status` reads a time at most this old (Backgrounder's model;
    /// iOS draws no frame of a background app's screen).
    public nonisolated static let offScreenInterval: Duration = .seconds(1)

    public let player: AudioPlayer
    private let application: Application
    /// What the screen shows.
    public private(set) var snapshot = AudioSnapshot()
    /// The item the player last said is current.
    private var currentItem: PlayerItem?
    /// The item and whole second last logged in the background.
    private var lastLogged: (item: String?, second: Int)?
    /// The music was playing when the call began.
    private var playingWhenInterrupted = false
    /// The tracks it queues.
    private let tracks: [URL]
    /// The items it queued last, held as an app holds its `AVPlayerItem`s: the player keeps
    /// them only weakly, to tell each its duration or its error.
    private var queuedItems: [PlayerItem] = []
    /// Whether its session mixes with other apps' audio (`audio mix on`).
    private var mixesWithOthers = false
    /// What was published last, and when (the device's time).
    private var published: (snapshot: AudioSnapshot, at: Duration)?
    /// The publish of a time that changed within a frame of the last publish, and when it is due.
    private var pendingPublish: (timer: AppClockTimer, due: Duration)?

    /// Sets the player up the way the tutorial's viewDidLoad does: the session's category (the
    /// 2013 tutorial's `AVAudioSessionCategoryPlayAndRecord`, whose audio goes on in the
    /// background; its override of the route to the speaker has nothing to do here, the device
    /// having no earpiece), the tracks queued to play one after the other, observed, with a time
    /// observer.
    public init(application: Application, tracks: [URL] = BundledTracks.urls) {
        self.application = application
        self.tracks = tracks
        player = AudioPlayer(application: application)
        player.session.observeInterruptions { [weak self] interruption in self?.handle(interruption) }
        player.session.observeMediaServicesReset { [weak self] _ in self?.mediaServicesWereReset() }
        player.observe { [weak self] event in self?.handle(event) }
        player.addPeriodicTimeObserver(forInterval: Self.timeInterval) { [weak self] time in self?.show(time) }
        setUpSessionAndQueue()
        player.actionAtItemEnd = .advance
        handleRemoteCommands()
        publish()
    }

    /// The session's category and the tracks, queued afresh.
    private func setUpSessionAndQueue() {
        setCategory()
        player.removeAllItems()
        queuedItems = tracks.map(PlayerItem.init(url:))
        for item in queuedItems { try? player.insert(item) }
    }

    /// The media server restarted: the queue and the session's settings are gone. The screen
    /// sets them up again, and plays only when the user asks (Apple,
    /// `mediaServicesWereResetNotification`).
    private func mediaServicesWereReset() {
        setUpSessionAndQueue()
        application.logger.info("Media services were reset: the Audio tab set up its session and queue again")
    }

    /// Sets the session to mix with other apps' audio, or not (`audio mix on|off`): mixing, the
    /// tab no longer interrupts other audio, and its next play ends its Now Playing.
    public func setMixesWithOthers(_ mixes: Bool) {
        mixesWithOthers = mixes
        setCategory()
    }

    /// The 2013 tutorial's playAndRecord, mixing with others if the user asked.
    private func setCategory() {
        player.session.setCategory(.playAndRecord, options: mixesWithOthers ? .mixWithOthers : [])
    }

    /// The play/pause button.
    public func didTapPlayPause() throws(PlaybackError) {
        if player.isPlaying {
            player.pause()
        } else {
            try player.play()
        }
    }

    func handle(_ event: AudioPlayerEvent) {
        switch event {
        case .currentItemChanged(let item):
            currentItem = item
            snapshot.item = item?.name
            snapshot.time = 0
            if let item { application.logger.info("New music name: \(item.name)") }
            tellNowPlaying(item, elapsed: .zero)
        case .playbackChanged(let isPlaying):
            snapshot.playing = isPlaying
            tellNowPlaying(currentItem, elapsed: player.currentTime())
        case .itemFailed(_, let error):
            application.logger.info("Could not play \(error)")
        }
        publish()
    }

    // MARK: The lock screen

    /// The lock screen's buttons: play, pause, the headset's play/pause, next track, and the
    /// scrubber.
    private func handleRemoteCommands() {
        let commands = application.remoteCommandCenter
        commands.addTarget(for: .play) { [weak self] _ in self?.play() ?? .commandFailed }
        commands.addTarget(for: .pause) { [weak self] _ in
            self?.player.pause()
            return .success
        }
        commands.addTarget(for: .togglePlayPause) { [weak self] _ in
            guard let self else { return .commandFailed }
            if player.isPlaying {
                player.pause()
                return .success
            }
            return play()
        }
        commands.addTarget(for: .nextTrack) { [weak self] _ in
            guard let player = self?.player, player.currentItem != nil else { return .noSuchContent }
            player.advanceToNextItem()
            return .success
        }
        commands.addTarget(for: .changePlaybackPosition) { [weak self] command in
            guard let self, let item = player.currentItem, case .changePlaybackPosition(let position) = command else {
                return .noActionableNowPlayingItem
            }
            player.seek(to: position)
            tellNowPlaying(item, elapsed: min(position, item.duration ?? position))
            return .success
        }
    }

    private func play() -> RemoteCommandHandlerStatus {
        do {
            try player.play()
            return .success
        } catch {
            application.logger.info("Could not play: \(error)")
            return .commandFailed
        }
    }

    /// Tells the system what plays: `item` at `elapsed`, at rate 1 while playing.
    private func tellNowPlaying(_ item: PlayerItem?, elapsed: Duration) {
        application.nowPlayingInfoCenter.nowPlayingInfo = item.map { item in
            NowPlayingInfo(title: item.name, duration: item.duration, elapsed: elapsed, rate: snapshot.playing ? 1 : 0)
        }
    }

    func handle(_ interruption: AudioInterruption) {
        switch interruption {
        case .began:
            playingWhenInterrupted = snapshot.playing
        case .ended(let shouldResume):
            defer { playingWhenInterrupted = false }
            guard shouldResume, playingWhenInterrupted else { return }
            try? player.play()
        }
    }

    func show(_ time: Duration) {
        // The duration is learned once the item is opened: the lock screen gets it then.
        if let item = currentItem, item.duration != nil,
            application.nowPlayingInfoCenter.nowPlayingInfo?.duration == nil
        {
            tellNowPlaying(item, elapsed: time)
        }
        let seconds = (time.seconds * 100).rounded() / 100
        snapshot.time = seconds
        if application.applicationState != .active {
            let second = Int(seconds)
            if lastLogged?.item != snapshot.item || lastLogged?.second != second {
                lastLogged = (snapshot.item, second)
                application.logger.info("App is backgrounded. Time is: \(String(format: "%02.2f", seconds))")
            }
        }
        publishWithinAFrame()
    }

    /// Publishes the snapshot, unless it is as published.
    private func publish() {
        pendingPublish?.timer.cancel()
        pendingPublish = nil
        guard snapshot != published?.snapshot else { return }
        published = (snapshot, application.clock.now)
        application.publish(snapshot, for: .audio)
    }

    /// Publishes the snapshot now if the last publish is a frame old (a second in the
    /// background), or else once it is: a 10 ms time observer's label is published at most that
    /// often, and its latest time always. Back on screen, a publish due later moves up to the frame.
    private func publishWithinAFrame() {
        let interval = application.applicationState == .background ? Self.offScreenInterval : Self.frame
        guard let last = published?.at, case let due = last + interval, application.clock.now < due else {
            return publish()
        }
        if let pendingPublish {
            guard pendingPublish.due > due else { return }
            pendingPublish.timer.cancel()
        }
        pendingPublish = (application.clock.schedule(at: due) { [weak self] in self?.publish() }, due)
    }
}
