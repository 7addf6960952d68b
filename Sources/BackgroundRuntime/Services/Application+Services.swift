/// Talking to the system's services through messages, as an iOS app's frameworks talk to the
/// daemons that keep working while the app is suspended: the app's side of ``ServiceClient``.
extension Application {
    /// Hands each message that comes on `channel` to `receive`, on the app's main executor. A
    /// second call replaces the first.
    func receiveServiceMessages(on channel: String, _ receive: @escaping @AppMain (ServicePayload) -> Void) {
        serviceReceivers[channel] = receive
    }

    /// A service's message arrived.
    func receive(_ message: ServiceMessage) {
        serviceReceivers[message.service]?(message.payload)
    }
}
