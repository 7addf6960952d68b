/// A message between a system service and its app-side client (``ServiceInterface``): a call,
/// an answer or an event, with the service's name, and a descriptor it hands the app's process,
/// if any.
package struct ServiceMessage: Codable, Sendable, Equatable {
    /// The service's name, e.g. `voip`.
    package let service: String
    /// The call, answer or event.
    package let payload: ServicePayload
    /// A descriptor handed to the app with the message (``ServiceHost/wake(for:timeLimit:sending:on:passing:)``).
    package let descriptor: PassedDescriptor?

    package init(service: String, payload: ServicePayload, descriptor: PassedDescriptor? = nil) {
        self.service = service
        self.payload = payload
        self.descriptor = descriptor
    }
}
