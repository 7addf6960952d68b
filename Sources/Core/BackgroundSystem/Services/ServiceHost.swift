import BackgroundWire

/// The system's end of a service's channel (`ServiceInterface`), as a daemon's end of an iOS
/// framework's line: it answers the client's calls and sends the client events — posted while
/// the app may run, offered within the client's window, or waking a suspended app for them.
///
/// Every event sent counts until the client says it took it in (`ServiceClient`). An event
/// offered (``offer(_:on:whileSuspended:)``) is refused while the client has a window's worth
/// (``window``, the interface's `ServiceInterface/creditWindow`) to take in — it is busy, or frozen — and the service keeps or coalesces what it
/// could not send until ``whenCreditReturns(on:_:)`` calls it. Posts and wake-ups are never
/// refused for the window: what they carry must arrive.
public struct ServiceHost<Interface: ServiceInterface>: Sendable {
    /// The most events a client may have to take in before an offer is refused.
    public static var window: Int { Interface.creditWindow }

    private let device: Device

    /// The host of `Interface`'s service on `device`.
    public init(device: Device) {
        self.device = device
    }

    /// Answers each call of the app's client with `answer` (nil: no answer), on the thread of the
    /// call (the app's main executor, or the link's reader when the app runs in its own process),
    /// so it must not wait for the app. A call that is not an `Interface.Call` is logged and
    /// answered with nothing. A second call replaces the first.
    public func answerCalls(with answer: @escaping @Sendable (Interface.Call) -> (any Codable & Sendable)?) {
        device.services.answerCalls(toService: Interface.name) { [weak device] payload in
            guard let call = payload.decode(Interface.Call.self) else {
                device?.console.log("\(Interface.name): ignoring a call the service cannot read (\(payload.bytes.count) bytes)")
                return nil
            }
            return answer(call).map(ServicePayload.init(any:))
        }
    }

    /// Sends `event` on `channel` (the service's by default) to the running app: at once if it
    /// can run; if it is suspended, once it is resumed or never, as `whileSuspended` says.
    /// Returns false, sending nothing, when the app is not running or the event was dropped. On
    /// a `TestDevice` it reaches the app at the device's next step.
    ///
    /// - Parameters:
    ///   - event: what the client hears.
    ///   - channel: the client's channel (`ServiceInterface/channel(_:)`), the service's by default.
    ///   - whileSuspended: what becomes of the event while the app is suspended.
    ///   - descriptor: a descriptor the event hands to the app's own process, which then owns it
    ///     (`ServiceClient/receive(on:withDescriptors:)`); the caller closes it when this
    ///     returns false.
    @discardableResult
    public func post(
        _ event: Interface.Event, on channel: String = Interface.name, whileSuspended: SuspendedDelivery = .hold,
        passing descriptor: PassedDescriptor? = nil
    ) -> Bool {
        device.services.countEvent(on: channel)
        return send(event, on: channel, whileSuspended: whileSuspended, passing: descriptor)
    }

    /// Sends `event` as ``post(_:on:whileSuspended:passing:)`` does, unless the client has a window's
    /// worth to take in already; then returns false and sends nothing.
    @discardableResult
    public func offer(_ event: Interface.Event, on channel: String = Interface.name, whileSuspended: SuspendedDelivery = .hold) -> Bool {
        guard device.services.takeCredit(on: channel, window: Self.window) else { return false }
        return send(event, on: channel, whileSuspended: whileSuspended, passing: nil)
    }

    /// Lets the app handle `event` in the background: resumes a suspended app for it (the
    /// console's words: `reason`) and lets it be suspended again once handled; launches the app
    /// if it is not running. With `timeLimit` the event keeps the app running that long at most,
    /// as a location event's "around 10 seconds" (Location and Maps Programming Guide).
    /// `descriptor` goes with the event as with ``post(_:on:whileSuspended:passing:)``.
    @discardableResult
    public func wake(
        for reason: String, timeLimit: Duration? = nil, sending event: Interface.Event, on channel: String = Interface.name,
        passing descriptor: PassedDescriptor? = nil
    ) -> Bool {
        device.services.countEvent(on: channel)
        let message = ServiceMessage(service: channel, payload: ServicePayload(event), descriptor: descriptor)
        let sent = device.wake(for: reason, timeLimit: timeLimit) { .serviceMessage(message, endingActivity: $0) }
        if !sent { device.services.returnCredit(on: channel, count: 1) }
        return sent
    }

    /// Calls `resume` each time the client of `channel` says it took in what it was sent, so that
    /// the service offers what it kept meanwhile. A second call for the channel replaces the first.
    public func whenCreditReturns(on channel: String = Interface.name, _ resume: @escaping @Sendable () -> Void) {
        device.services.whenCreditReturns(on: channel, resume)
    }

    /// The client of `channel` is gone for good (a manager the app released): the channel's
    /// credit and its ``whenCreditReturns(on:_:)`` are dropped.
    public func forget(channel: String) {
        device.services.forget(channel: channel)
    }

    private func send(_ event: Interface.Event, on channel: String, whileSuspended: SuspendedDelivery, passing descriptor: PassedDescriptor?) -> Bool {
        let message = ServiceMessage(service: channel, payload: ServicePayload(event), descriptor: descriptor)
        let sent = device.handle { $0.post(whileSuspended: whileSuspended, .serviceMessage(message, endingActivity: nil), at: $1) }
        if !sent { device.services.returnCredit(on: channel, count: 1) }
        return sent
    }
}
