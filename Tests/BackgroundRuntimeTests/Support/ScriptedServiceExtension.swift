import BackgroundRuntime
import Synchronization

/// A Notification Service Extension that does as its test says: decorates the content at once,
/// keeps the handler to call later, or gives the best attempt only when time runs out.
final class ScriptedServiceExtension: NotificationServiceExtension {
    enum Behaviour: Sendable {
        /// Calls the handler from `didReceive` with the body prefixed.
        case decorate(String)
        /// Keeps the handler; ``Calls/deliver(_:)`` calls it later.
        case later
        /// Calls the handler only in `serviceExtensionTimeWillExpire()`, with the body prefixed.
        case whenExpiring(String)
        /// Never calls it.
        case never
    }

    /// What the test's extensions were asked, across instances.
    final class Calls: Sendable {
        let requests = Mutex<[NotificationServiceRequest]>([])
        let expirations = Mutex(0)
        let handlers = Mutex<[@Sendable (LocalNotification) -> Void]>([])

        /// Calls the first kept handler with a body of `body`.
        func deliver(_ body: String) {
            handlers.withLock { $0.first }?(LocalNotification(alertBody: body))
        }
    }

    private let behaviour: Behaviour
    private let calls: Calls
    private let handler = Mutex<(@Sendable (LocalNotification) -> Void)?>(nil)
    private let content = Mutex<LocalNotification?>(nil)

    init(_ behaviour: Behaviour, calls: Calls) {
        self.behaviour = behaviour
        self.calls = calls
    }

    func didReceive(_ request: NotificationServiceRequest, withContentHandler contentHandler: @escaping @Sendable (LocalNotification) -> Void) {
        calls.requests.withLock { $0.append(request) }
        handler.withLock { $0 = contentHandler }
        content.withLock { $0 = request.content }
        switch behaviour {
        case .decorate(let prefix):
            var changed = request.content
            changed.alertBody = prefix + changed.alertBody
            contentHandler(changed)
        case .later:
            calls.handlers.withLock { $0.append(contentHandler) }
        case .whenExpiring, .never:
            break
        }
    }

    func serviceExtensionTimeWillExpire() {
        calls.expirations.withLock { $0 += 1 }
        guard case .whenExpiring(let prefix) = behaviour, var best = content.withLock({ $0 }) else { return }
        best.alertBody = prefix + best.alertBody
        handler.withLock { $0 }?(best)
    }
}
