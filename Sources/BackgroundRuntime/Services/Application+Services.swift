/// Talking to the system's services through messages, as an iOS app's frameworks talk to the
/// daemons that keep working while the app is suspended. The same calls reach the service
/// whether the app runs in the system's process or in its own (`--isolation process`).
extension Application {
    /// Sends `payload` (the service's JSON) to the system service named `service` and returns
    /// its answer; nil when the service answers nothing, is not running, or the system has gone.
    public func callService(_ service: String, _ payload: String) -> String? {
        system?.callService(ServiceMessage(service: service, payload: payload))
    }

    /// Hands each message the system service named `service` sends this launch to `receive`,
    /// on the app's main executor. A second call replaces the first.
    public func receiveMessages(fromService service: String, _ receive: @escaping @AppMain (String) -> Void) {
        serviceReceivers[service] = receive
    }

    /// A service's message arrived.
    func receive(_ message: ServiceMessage) {
        serviceReceivers[message.service]?(message.payload)
    }
}
