/// The system's side of the services' messages (``Application/callService(_:_:)``).
extension Device {
    /// Answers the app's calls to service `service` with `answer`, which gets the call's JSON
    /// and returns the answer's. It runs on the thread of the app's call (the app's main
    /// executor, or the socket's reader when the app runs in its own process), so it must not
    /// wait for the app. A second registration for `service` replaces the first.
    public func answerCalls(toService service: String, with answer: @escaping @Sendable (String) -> String?) {
        serviceAnswerers.withLock { $0[service] = answer }
    }

    /// Lets the app handle `payload` from service `service` in the background, as
    /// ``wake(for:_:)`` does with a handler: the app gets it through
    /// ``Application/receiveMessages(fromService:_:)``, in its own process too.
    @discardableResult
    public func wake(for event: String, sending payload: String, fromService service: String) -> Bool {
        let message = ServiceMessage(service: service, payload: payload)
        return wake(for: event) { .serviceMessage(message, endingActivity: $0) }
    }

    /// The answer of the service `message` is for.
    func callService(_ message: ServiceMessage) -> String? {
        let answer = serviceAnswerers.withLock { $0[message.service] }
        return answer?(message.payload)
    }
}
