import BackgroundRuntime
import DBus
import Dispatch
import Synchronization

/// Real desktop notifications through `org.freedesktop.Notifications` on a D-Bus session bus,
/// with the notification's action ("Answer") as a button and as the default (a click).
///
/// It speaks D-Bus through the process's one ``DBusConnection``: `Notify` and
/// `CloseNotification` are calls on it, and the user's choice comes back as the
/// `ActionInvoked` signal, which the notification server sends to the connection that posted
/// the notification. Calls wait for their reply on a queue of this notifier's own, so the
/// caller never waits.
public final class FreedesktopNotifications: DesktopNotifier {
    /// The session bus connection the notifications go through.
    public let connection: DBusConnection
    /// The application name the desktop shows.
    public let appName: String

    private struct State {
        var isListening = false
        /// The answer callbacks by the desktop's notification id.
        var answers: [UInt32: @Sendable () -> Void] = [:]
        /// The desktop's id of each notification, by the device's id.
        var desktopIDs: [Int: UInt32] = [:]
        /// Actions heard before `Notify`'s reply told whose they are (the latest few).
        var unclaimedActions: [UInt32] = []
        var isStopped = false
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "backgrounder.desktop-notifications")

    public init(connection: DBusConnection, appName: String = "TheBackgrounder") {
        self.connection = connection
        self.appName = appName
    }

    /// Posts `notification`; `answered` runs (on some thread) when the user chooses its action
    /// on the desktop, `failed` when it could not be posted.
    public func show(
        _ notification: DeliveredNotification,
        answered: @escaping @Sendable () -> Void,
        failed: @escaping @Sendable (String) -> Void
    ) {
        queue.async { [self] in
            do throws(DBusError) {
                try listen()
                let actions = ["answer", notification.action, "default", notification.action]
                let reply = try call("Notify", [
                    .string(appName), .uint32(0), .string(""), .string(appName), .string(notification.alertBody),
                    .strings(actions), .stringVariantDictionary([]), .int32(-1),
                ])
                guard case .uint32(let id) = reply.first else {
                    failed("unexpected reply from org.freedesktop.Notifications: \(reply)")
                    return
                }
                let answeredAlready = state.withLock { state -> Bool in
                    state.desktopIDs[notification.id] = id
                    if let index = state.unclaimedActions.firstIndex(of: id) {
                        state.unclaimedActions.remove(at: index)
                        return true
                    }
                    state.answers[id] = answered
                    return false
                }
                if answeredAlready { answered() }
            } catch {
                failed(error.description)
            }
        }
    }

    /// Closes the desktop twin of `notification`, answered elsewhere.
    public func withdraw(_ notification: DeliveredNotification) {
        queue.async { [self] in
            let id = state.withLock { state -> UInt32? in
                guard let id = state.desktopIDs.removeValue(forKey: notification.id) else { return nil }
                state.answers[id] = nil
                return id
            }
            if let id { _ = try? call("CloseNotification", [.uint32(id)]) }
        }
    }

    /// Stops posting notifications and hearing their actions; the connection stays open for
    /// its other users.
    public func stop() {
        state.withLock { state in
            state.isStopped = true
            state.answers.removeAll()
        }
    }

    // MARK: D-Bus

    /// Starts hearing `ActionInvoked` once; throws if the notifier is stopped.
    private func listen() throws(DBusError) {
        let mustListen = try state.withLock { state throws(DBusError) -> Bool in
            guard !state.isStopped else { throw .failed("desktop notifications are stopped") }
            defer { state.isListening = true }
            return !state.isListening
        }
        guard mustListen else { return }
        try connection.onSignal(interface: Self.interface, member: "ActionInvoked") { [weak self] signal in
            guard case .uint32(let id) = signal.arguments().first else { return }
            self?.actionInvoked(id)
        }
    }

    private func actionInvoked(_ id: UInt32) {
        let answer = state.withLock { state -> (@Sendable () -> Void)? in
            guard let answer = state.answers.removeValue(forKey: id) else {
                if !state.isStopped { state.unclaimedActions = Array((state.unclaimedActions + [id]).suffix(16)) }
                return nil
            }
            return answer
        }
        answer?()
    }

    /// Calls a method of `org.freedesktop.Notifications` and waits for its reply's arguments.
    private func call(_ method: String, _ arguments: [DBusValue]) throws(DBusError) -> [DBusValue] {
        let message = try DBusMessage.methodCall(
            destination: Self.interface, path: "/org/freedesktop/Notifications", interface: Self.interface,
            member: method, arguments: arguments)
        return try connection.call(message).arguments()
    }

    private static let interface = "org.freedesktop.Notifications"
}
