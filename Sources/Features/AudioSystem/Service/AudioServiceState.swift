import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire

/// What the ``AudioService`` knows of the app's side; guarded by its lock, which is never held
/// while posting to the app or calling the player.
struct AudioServiceState: Sendable {
    /// The launch's player, once it registered.
    var client: AudioClient?
    var nextClient = 1
    /// The player's clock as the app was last told.
    var timebase = AudioTimebase.stopped

    /// `events` for the registered player; nil when there is no player or nothing to tell.
    func batch(of events: [AudioServiceEvent]) -> AudioEventBatch? {
        guard let client, !events.isEmpty else { return nil }
        return AudioEventBatch(client: client.id, events: events)
    }
}
