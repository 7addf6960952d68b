
/// Events of one session, in order, that the ``VoIPService`` sends the app's ``VoIPSocket`` (``VoIPServiceEvent/events(_:)``).
package struct VoIPEventBatch: Codable, Sendable, Equatable {
    package let session: Int
    package let events: [VoIPStreamEvent]

    package init(session: Int, events: [VoIPStreamEvent]) {
        self.session = session
        self.events = events
    }
}
