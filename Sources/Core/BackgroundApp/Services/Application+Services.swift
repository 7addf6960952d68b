import BackgroundWire
import Glibc

/// Talking to the system's services through messages, as an iOS app's frameworks talk to the
/// daemons that keep working while the app is suspended: the app's side of ``ServiceClient``.
extension Application {
    /// Hands each message that comes on `channel` to `receive`, on the app's main executor. A
    /// second call replaces the first.
    func receiveServiceMessages(on channel: String, _ receive: @escaping @AppMain (ServicePayload, PassedDescriptor?) -> Void) {
        serviceReceivers[channel] = receive
    }

    /// A service's message arrived.
    func receive(_ message: ServiceMessage) {
        guard let receiver = serviceReceivers[message.service] else {
            // Nobody takes the descriptor: it is closed, not leaked.
            if let descriptor = message.descriptor { close(descriptor.value) }
            return
        }
        receiver(message.payload, message.descriptor)
    }
}
