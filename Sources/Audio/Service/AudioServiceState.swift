import BackgroundRuntime

/// What the ``AudioService`` knows of the app's side; guarded by its lock, which is never held
/// while posting to the app or calling the player.
struct AudioServiceState: Sendable {
    /// The launch's player, once it registered.
    var client: AudioClient?
    /// Whether the player's time moves, as its last news said.
    var isTicking = false
    /// The client's time observers, by number.
    var timeObservers: [Int: TimeObserver] = [:]
    var nextTimeObserver = 1
    /// Batches of times sent to the client that it has not said it took in.
    var timesInFlight = 0
    var nextClient = 1

    /// `events` for the registered player, counted when they carry times; nil when there is no
    /// player or nothing to tell.
    mutating func batch(of events: [AudioServiceEvent]) -> AudioEventBatch? {
        guard let client, !events.isEmpty else { return nil }
        let batch = AudioEventBatch(client: client.id, events: events)
        if batch.carriesTimes { timesInFlight += 1 }
        return batch
    }
}
