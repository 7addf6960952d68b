/// The services' messages to the app; their answers to the app's calls are in ``Device/services``.
extension Device {
    /// Lets the app handle `payload` from service `service` in the background, as
    /// ``wake(for:timeLimit:_:)`` does with a handler: the app gets it through
    /// ``Application/receiveMessages(fromService:_:)``, in its own process too. With
    /// `timeLimit` the event keeps the app running that long at most, as a location event's
    /// "around 10 seconds" (Location and Maps Programming Guide).
    @discardableResult
    public func wake(for event: String, timeLimit: Duration? = nil, sending payload: String, fromService service: String) -> Bool {
        let message = ServiceMessage(service: service, payload: payload)
        return wake(for: event, timeLimit: timeLimit) { .serviceMessage(message, endingActivity: $0) }
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
}
