/// What the ``AudioService`` sends the app's ``AudioPlayer`` at once: events of one client, in
/// order.
package struct AudioEventBatch: Codable, Sendable, Equatable {
    /// The client the events are for (``AudioServiceCall/register``).
    package let client: Int
    package let events: [AudioServiceEvent]

    package init(client: Int, events: [AudioServiceEvent]) {
        self.client = client
        self.events = events
    }
}
