/// Events of one session, in order, that the ``VoIPService`` sends the app's ``VoIPSocket`` (``VoIPServiceEvent/events(_:)``).
struct VoIPEventBatch: Codable, Sendable, Equatable {
    let session: Int
    let events: [VoIPStreamEvent]
}
