import BackgroundWire
import Glibc

/// The app's end of a system service's channel (`ServiceInterface`), as an iOS framework holds
/// its line to a daemon: it calls the service — answered on the spot when the call waits, sent
/// one way when it does not — and, once asked to (``receive(on:_:)``), hands each event the
/// service sends to a handler, on the app's main executor, in order.
///
/// The client says how many events it took in, one way, every half window
/// (`ServiceHost/window`; every event when the window is 1 or 2), so that a service offering events (`ServiceHost/offer(_:on:whileSuspended:)`)
/// never has more than a window queued for an app that is busy or frozen.
///
/// It holds the `Application` only, no object of the system: the same client works with the app
/// in the system's process and in its own.
@AppMain
public final class ServiceClient<Interface: ServiceInterface> {
    private let application: Application
    /// The channel the events come on, once the client receives them.
    private var channel: String?
    /// Events taken in since the client last said so.
    private var takenIn = 0

    /// The client of `Interface`'s service for `application`.
    public init(application: Application) {
        self.application = application
    }

    /// Makes `call` and waits for the service's answer, read as `Answer`; nil when it answers
    /// nothing, is not running, or answered something else (which is logged).
    public func call<Answer: Codable & Sendable>(_ call: Interface.Call, answer: Answer.Type) -> Answer? {
        guard let payload = application.system?.callService(ServiceMessage(service: Interface.name, payload: ServicePayload(call))) else {
            return nil
        }
        guard let answer = payload.decode(Answer.self) else {
            application.logger.info("\(Interface.name): ignoring an answer the app cannot read as \(Answer.self)")
            return nil
        }
        return answer
    }

    /// Makes `call`, which answers nothing, without waiting.
    public func tell(_ call: Interface.Call) {
        application.system?.tellService(ServiceMessage(service: Interface.name, payload: ServicePayload(call)))
    }

    /// Hands each event that comes on `channel` to `handler` from now on, in order; an event
    /// that is not an `Interface.Event` is logged and dropped.
    ///
    /// - Parameters:
    ///   - channel: the channel the events come on, when the service has one per client
    ///     (`ServiceInterface/channel(_:)`); the service's own by default. A second call replaces
    ///     the first.
    ///   - handler: what each event is handed to, on the app's main executor.
    public func receive(on channel: String = Interface.name, _ handler: @escaping @AppMain (Interface.Event) -> Void) {
        receive(on: channel) { event, descriptor in
            // A client that takes no descriptors closes one sent to it.
            if let descriptor { Glibc.close(descriptor.value) }
            handler(event)
        }
    }

    /// Hands each event that comes on `channel` to `handler` as ``receive(on:_:)`` does, with the
    /// descriptor the service handed over with it, if any
    /// (`ServiceHost/wake(for:timeLimit:sending:on:passing:)`): `handler` owns it and closes it.
    public func receive(on channel: String = Interface.name, withDescriptors handler: @escaping @AppMain (Interface.Event, PassedDescriptor?) -> Void) {
        if let old = self.channel, old != channel { application.stopReceivingMessages(fromService: old) }
        self.channel = channel
        application.receiveServiceMessages(on: channel) { [weak self, application] payload, descriptor in
            if let event = payload.decode(Interface.Event.self) {
                handler(event, descriptor)
            } else {
                if let descriptor { Glibc.close(descriptor.value) }
                application.logger.info("\(Interface.name): ignoring an event the app cannot read as \(Interface.Event.self)")
            }
            self?.tookIn(on: channel)
        }
    }

    /// The client is done: its events go nowhere from now on.
    public func close() {
        guard let channel else { return }
        application.stopReceivingMessages(fromService: channel)
        self.channel = nil
    }

    /// One more event taken in: every half window the service hears of them.
    private func tookIn(on channel: String) {
        takenIn += 1
        guard takenIn >= max(1, Interface.creditWindow / 2) else { return }
        application.system?.returnServiceCredit(channel, count: takenIn)
        takenIn = 0
    }
}
