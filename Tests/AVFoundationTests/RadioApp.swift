import AVFoundation
import BackgroundRuntime
import MediaPlayer

/// An app in AVFoundation's and MediaPlayer's spelling: at launch it sets its session's
/// category, observes interruptions and route changes, and handles the lock screen's play, pause,
/// next track and scrubber; `play(_:)` queues tracks on an AVQueuePlayer with a 10 ms time
/// observer and says what plays.
final class RadioApp: ApplicationDelegate {
    let log: AppLog
    private let category: AVAudioSession.Category
    var player: AVQueuePlayer?
    private var timeObserver: Any?

    init(log: AppLog, category: AVAudioSession.Category) {
        self.log = log
        self.category = category
    }

    func applicationDidFinishLaunching(_ application: Application) {
        let session = AVAudioSession.sharedInstance()
        do {
            try session.setCategory(category, mode: .default, options: [])
        } catch {
            log.append("setCategory failed: \(error)")
        }
        let log = self.log
        _ = NotificationCenter.default.addObserver(forName: AVAudioSession.interruptionNotification, object: nil, queue: nil) { note in
            let type = (note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt).flatMap(AVAudioSession.InterruptionType.init)
            let options = AVAudioSession.InterruptionOptions(rawValue: note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
            let reason = (note.userInfo?[AVAudioSessionInterruptionReasonKey] as? UInt).flatMap(AVAudioSession.InterruptionReason.init)
            let flag = note.userInfo?[AVAudioSessionInterruptionWasSuspendedKey] as? Bool == true
            let suspended = reason == .appWasSuspended ? " appWasSuspended" : flag ? " wasSuspended" : ""
            log.append("interruption \(type == .began ? "began" : "ended")\(options.contains(.shouldResume) ? " shouldResume" : "")\(suspended)")
        }
        _ = NotificationCenter.default.addObserver(forName: AVAudioSession.routeChangeNotification, object: nil, queue: nil) { note in
            let reason = (note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt).flatMap(AVAudioSession.RouteChangeReason.init)
            log.append("route change \(reason == .oldDeviceUnavailable ? "oldDeviceUnavailable" : "newDeviceAvailable")")
        }
        let commands = MPRemoteCommandCenter.shared()
        commands.playCommand.addTarget { [unowned self] _ in
            self.player?.play()
            return .success
        }
        commands.pauseCommand.addTarget { [unowned self] event in
            self.player?.pause()
            log.append("pause from its own command: \(event.command === commands.pauseCommand)")
            return .success
        }
        commands.nextTrackCommand.addTarget { _ in .noActionableNowPlayingItem }
        commands.changePlaybackPositionCommand.addTarget(handler: { [unowned self] event in
            guard let event = event as? MPChangePlaybackPositionCommandEvent else { return .commandFailed }
            self.player?.seek(to: CMTime(seconds: event.positionTime, preferredTimescale: 1000))
            log.append("position \(event.positionTime)")
            return .success
        })
    }

    /// Plays `urls` one after the other, with a 10 ms time observer, and says so on the lock screen.
    func play(_ urls: [URL]) {
        let player = AVQueuePlayer(items: urls.map { AVPlayerItem(url: $0) })
        let log = self.log
        timeObserver = player.addPeriodicTimeObserver(forInterval: CMTimeMake(value: 1, timescale: 100), queue: .main) { time in
            log.appendTime(CMTimeGetSeconds(time))
        }
        player.play()
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [
            MPMediaItemPropertyTitle: "Iron Bacon",
            MPMediaItemPropertyArtist: "The Backgrounders",
            MPMediaItemPropertyPlaybackDuration: 30,
            MPNowPlayingInfoPropertyElapsedPlaybackTime: 0.0,
            MPNowPlayingInfoPropertyPlaybackRate: player.rate,
        ]
        self.player = player
    }

    func stopObservingTime() {
        if let timeObserver { player?.removeTimeObserver(timeObserver) }
        timeObserver = nil
    }
}
