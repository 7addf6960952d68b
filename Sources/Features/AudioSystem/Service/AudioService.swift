import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import Synchronization

/// The system's audio service, as iOS's media server is: the ``QueuePlayer`` on GStreamer and
/// the ``AudioSession``, which keep playing and keep the device's route while the app is
/// suspended, and the messages that are the app's only way to them.
///
/// The app's ``AudioPlayer`` (and its ``AppAudioSession``) calls it with
/// ``AudioServiceCall``s (its ``ServiceClient``) and gets its news as
/// ``AudioEventBatch``es: the current item, playback, failed and opened items, the player's
/// clock, interruptions and route changes — in the same bytes whether the app runs in the
/// system's process or in its own. Items are named by numbers; the app keeps its objects and
/// closures. News that needs no wake-up is posted (held for a
/// suspended app); the end of playback in the background holds the app until it is handed
/// over, so that the app is not suspended with a stale screen; the end of a call wakes a
/// suspended app that observes interruptions.
///
/// No message crosses per tick of a time observer: the service sends the player's clock
/// (``AudioTimebase``) only when it changes — playback starts or stops, the stream starts, a
/// seek, another item, the end — and the app ticks its observers from it on its own timers.
///
/// It is made once per device (by `Backgrounder`, or by a host on the app's first call,
/// ``startOnFirstCall(on:output:keep:)``); the app's side is cleared when the app ends.
public final class AudioService: Sendable {
    public let device: Device
    /// The app's audio session: its category, activation, calls and the device's route.
    public let session: AudioSession
    /// The player, which the system's own controls (the command line's, as Control Center's)
    /// drive directly.
    public let player: QueuePlayer
    let state = Mutex(AudioServiceState())
    /// The service's end of the player's channel.
    let host: ServiceHost<AudioMessages>

    /// Makes the audio service of `device`, its sound going to `output`, its player opening
    /// queued items where `probing` says.
    public init(device: Device, output: AudioOutput = .automatic, probing: ItemProbing = .inProcess) {
        self.device = device
        let session = AudioSession(device: device)
        let player = QueuePlayer(session: session, output: output, probing: probing)
        self.session = session
        self.player = player
        host = ServiceHost(device: device)
        // The service hears the session's news before the player does, so that the app hears
        // of a call or a route change before its player's pause.
        session.listen { [weak self] event in self?.sessionChanged(event) }
        session.listen { [weak player] event in player?.sessionChanged(event) }
        player.listen { [weak self] news in self?.tell(news) }
        device.observers.observeStateChanges { [weak self] change in
            if change.to == .notRunning { self?.appEnded() }
        }
        host.answerCalls { [weak self] call in self?.answer(call) }
    }

    /// The media server restarts (Settings ▸ Developer ▸ Reset Media Services): the music stops,
    /// the queue is emptied (the app's items name nothing any more), the session goes back to
    /// its defaults, and the app is told (`mediaServicesWereResetNotification`) when it next
    /// runs, to set them up again.
    public func resetMediaServices() {
        player.removeAllItems()
        session.resetMediaServices()
    }

    /// Stops playback, empties the queue and releases the audio output, waiting until GStreamer
    /// has let go of it: for the end of the process.
    public func shutdown() {
        player.shutdown()
    }

    /// The app's process is gone, and its player with it.
    private func appEnded() {
        state.withLock { state in
            // Numbers are never reused: a late call of the last launch names nothing of the next.
            state = AudioServiceState(nextClient: state.nextClient, timebase: state.timebase)
        }
    }
}
