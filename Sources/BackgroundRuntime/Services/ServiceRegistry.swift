import Synchronization

/// The services that answer the app's calls (``Application/callService(_:_:)``), by name: the
/// system's side of the services' messages, as iOS's daemons answer an app's frameworks. A
/// service registers once, when it starts; the device asks the registry at each call.
public final class ServiceRegistry: Sendable {
    private let answerers = Mutex<[String: @Sendable (String) -> String?]>([:])

    init() {}

    /// Answers the app's calls to service `service` with `answer`, which gets the call's JSON
    /// and returns the answer's. It runs on the thread of the app's call (the app's main
    /// executor, or the socket's reader when the app runs in its own process), so it must not
    /// wait for the app. A second registration for `service` replaces the first.
    public func answerCalls(toService service: String, with answer: @escaping @Sendable (String) -> String?) {
        answerers.withLock { $0[service] = answer }
    }

    /// The answer of the service `message` is for; nil when no service of that name answers.
    func answer(_ message: ServiceMessage) -> String? {
        let answer = answerers.withLock { $0[message.service] }
        return answer?(message.payload)
    }
}
