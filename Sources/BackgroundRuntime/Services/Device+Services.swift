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

    /// Hands `payload` from service `service` to the running app, as a service delivers an event
    /// that needs no wake-up (a player's time, a download's progress): at once if the app can
    /// run; if it is suspended, once it is resumed or never, as `whileSuspended` says; never if
    /// the launch ends first. Returns false, sending nothing, if the app is not running or the
    /// message was dropped. A service that posts often to a suspended app with `.hold` must
    /// coalesce: those messages wait in memory. On a ``TestDevice`` it reaches the app at the
    /// device's next step.
    @discardableResult
    public func post(sending payload: String, fromService service: String, whileSuspended: SuspendedDelivery = .hold) -> Bool {
        let message = ServiceMessage(service: service, payload: payload)
        return handle { $0.post(whileSuspended: whileSuspended, .serviceMessage(message, endingActivity: nil), at: $1) }
    }

    /// The answer of the service `message` is for.
    func callService(_ message: ServiceMessage) -> String? {
        let answer = serviceAnswerers.withLock { $0[message.service] }
        return answer?(message.payload)
    }
}
