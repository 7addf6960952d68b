import Audio
import BackgroundRuntime
import Foundation

/// A user's app that plays audio, for the tests of the audio service with the app in its own
/// process: at launch it queues the file `PLAYER_FILE` names and plays it, with the session's
/// category set to playback and the tutorial's 10 ms time observer, which logs the time once a
/// second while the app is not active (`Time is: 1.00`). After a call that stopped its music it
/// plays again.
@AppMain
final class PlayerApp: ApplicationDelegate {
    nonisolated static let infoPlist = InfoPlist(
        bundleName: "Player", bundleIdentifier: "com.example.player", backgroundModes: [.audio])

    let application: Application
    private let player: AudioPlayer
    private var loggedSecond: Int?
    /// Whether the music plays, as the player last said.
    private var isPlaying = false
    private var playingWhenInterrupted = false

    init(application: Application) {
        self.application = application
        player = AudioPlayer(application: application)
        player.session.setCategory(.playback)
        player.session.observeInterruptions { [weak self] interruption in self?.handle(interruption) }
        player.observe { [weak self] event in self?.handle(event) }
        player.addPeriodicTimeObserver(forInterval: .milliseconds(10)) { [weak self] time in self?.show(time) }
    }

    func applicationDidFinishLaunching(_ application: Application) {
        guard let path = ProcessInfo.processInfo.environment["PLAYER_FILE"] else { return }
        do {
            try player.insert(PlayerItem(fileAtPath: path))
            try player.play()
        } catch {
            application.logger.info("Player: \(error)")
        }
    }

    private func handle(_ event: AudioPlayerEvent) {
        switch event {
        case .currentItemChanged(let item): application.logger.info("Player: now \(item?.name ?? "nothing")")
        case .playbackChanged(let isPlaying):
            self.isPlaying = isPlaying
            application.logger.info("Player: \(isPlaying ? "playing" : "paused")")
        case .itemFailed(_, let error): application.logger.info("Player: \(error)")
        }
    }

    private func handle(_ interruption: AudioInterruption) {
        switch interruption {
        case .began:
            playingWhenInterrupted = isPlaying
        case .ended(let shouldResume):
            guard shouldResume, playingWhenInterrupted else { return }
            try? player.play()
        }
    }

    private func show(_ time: Duration) {
        guard application.applicationState != .active else { return }
        let second = Int(time.seconds)
        guard second != loggedSecond else { return }
        loggedSecond = second
        application.logger.info("Time is: \(second)")
    }
}
