/// What the ``VoIPService`` sends the app's ``VoIPSocket``: events of one session, in order.
struct VoIPEventBatch: Codable, Sendable, Equatable {
    let session: Int
    let events: [VoIPStreamEvent]
}
