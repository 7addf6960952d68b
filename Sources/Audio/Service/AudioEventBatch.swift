/// What the ``AudioService`` sends the app's ``AudioPlayer`` at once: events of one client, in
/// order.
struct AudioEventBatch: Codable, Sendable, Equatable {
    /// The client the events are for (``AudioServiceCall/register``).
    let client: Int
    let events: [AudioServiceEvent]

    /// Whether it carries a time observer's time: such batches are counted, so that a slow or
    /// frozen app is not sent more of them than it takes in.
    var carriesTimes: Bool {
        events.contains { if case .time = $0 { true } else { false } }
    }
}
