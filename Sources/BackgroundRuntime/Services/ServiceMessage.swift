/// A message between a system service and its app-side client (``ServiceInterface``): a call,
/// an answer or an event, with the service's name.
struct ServiceMessage: Codable, Sendable, Equatable {
    /// The service's name, e.g. `voip`.
    let service: String
    /// The call, answer or event.
    let payload: ServicePayload

    init(service: String, payload: ServicePayload) {
        self.service = service
        self.payload = payload
    }
}
