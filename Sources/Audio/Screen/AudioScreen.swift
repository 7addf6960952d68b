import BackgroundRuntime
import Foundation

/// The Audio tab (the tutorial's `AudioViewController`): a queue of the bundled tracks, a
/// label with the current file name and the elapsed time, and a play/pause button.
///
/// As in the tutorial it observes the player's current item (`New music name: …` on the
/// console) and adds a 10 ms periodic time observer. While the app is active the time goes to
/// the label; otherwise it goes to the console as `App is backgrounded. Time is: 12.34`, once a
/// second rather than every 10 ms, so the console stays readable.
@AppMain
public final class AudioScreen {
    /// The time observer's interval, the tutorial's `CMTimeMake(10, 1000)`.
    public nonisolated static let timeInterval: Duration = .milliseconds(10)

    public let player: QueuePlayer
    private let application: Application
    /// What the screen shows.
    public private(set) var snapshot = AudioSnapshot()
    /// The item and whole second last logged in the background.
    private var lastLogged: (item: String?, second: Int)?

    /// Sets the player up the way the tutorial's viewDidLoad does: the tracks queued to play one
    /// after the other, observed, with a time observer.
    public init(application: Application, player: QueuePlayer, tracks: [URL] = BundledTracks.urls) {
        self.application = application
        self.player = player
        player.observe { [weak self] event in self?.handle(event) }
        player.addPeriodicTimeObserver(forInterval: Self.timeInterval) { [weak self] time in self?.show(time) }
        player.removeAllItems()
        for url in tracks { try? player.insert(PlayerItem(url: url)) }
        player.actionAtItemEnd = .advance
        publish()
    }

    /// The play/pause button.
    public func didTapPlayPause() throws(PlaybackError) {
        if player.isPlaying {
            player.pause()
        } else {
            try player.play()
        }
    }

    func handle(_ event: QueuePlayerEvent) {
        switch event {
        case .currentItemChanged(let item):
            snapshot.item = item?.name
            snapshot.time = 0
            if let item { application.logger.info("New music name: \(item.name)") }
        case .playbackChanged(let isPlaying):
            snapshot.playing = isPlaying
        case .itemFailed(_, let error):
            application.logger.info("Could not play \(error)")
        }
        publish()
    }

    func show(_ time: Duration) {
        let seconds = (time.seconds * 100).rounded() / 100
        snapshot.time = seconds
        if application.applicationState != .active {
            let second = Int(seconds)
            if lastLogged?.item != snapshot.item || lastLogged?.second != second {
                lastLogged = (snapshot.item, second)
                application.logger.info("App is backgrounded. Time is: \(String(format: "%02.2f", seconds))")
            }
        }
        publish()
    }

    private func publish() {
        application.publish(snapshot, for: .audio)
    }
}
