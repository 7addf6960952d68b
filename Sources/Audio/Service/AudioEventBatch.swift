/// What the ``AudioService`` sends the app's ``AudioPlayer`` at once: events of one client, in
/// order.
struct AudioEventBatch: Codable, Sendable, Equatable {
    /// The client the events are for (``AudioServiceCall/register``).
    let client: Int
    let events: [AudioServiceEvent]
}
