import DequeModule
import Synchronization

/// The system's notification center: the user's permission, the notifications presented and
/// not yet answered, and — when a desktop session exists — their twins on the desktop.
///
/// It keeps the latest ``capacity`` notifications. The app reaches it through
/// ``Application/requestNotificationAuthorization()`` and
/// ``Application/presentLocalNotificationNow(_:)``; the user answers with
/// ``Device/answerNotification(id:)``.
public final class LocalNotificationCenter: Sendable {
    /// How many notifications it keeps.
    public static let capacity = 20

    private struct State {
        var authorization = NotificationAuthorization.notDetermined
        var userAnswer = NotificationPermissionAnswer.allow
        /// The permission alert on screen.
        var alert: Int?
        var delivered: Deque<DeliveredNotification> = []
        var nextID = 1
        var desktop: FreedesktopNotifications?
    }

    private let state: Mutex<State>

    /// - Parameter desktop: where notifications also go on the desktop; nil for none.
    public init(desktop: FreedesktopNotifications? = nil) {
        var initial = State()
        initial.desktop = desktop
        state = Mutex(initial)
    }

    /// How the user answers the permission prompt when the app asks (Allow by default).
    public var userAnswer: NotificationPermissionAnswer {
        get { state.withLock { $0.userAnswer } }
        set { state.withLock { $0.userAnswer = newValue } }
    }

    /// Whether the app may post notifications.
    public var authorization: NotificationAuthorization {
        state.withLock { $0.authorization }
    }

    /// The desktop's notification service the notifications also go to; nil for none.
    public var desktop: FreedesktopNotifications? {
        get { state.withLock { $0.desktop } }
        set {
            let old = state.withLock { state in
                defer { state.desktop = newValue }
                return state.desktop
            }
            if old !== newValue { old?.stop() }
        }
    }

    /// The latest notification still waiting for its action.
    public var banner: DeliveredNotification? {
        state.withLock { $0.delivered.last { !$0.answered } }
    }

    /// The notifications kept, oldest first.
    public var delivered: [DeliveredNotification] {
        state.withLock { Array($0.delivered) }
    }

    /// What the center shows, for `status` and the web UI.
    public var snapshot: NotificationsSnapshot {
        state.withLock { state in
            NotificationsSnapshot(
                authorization: state.authorization,
                banner: state.delivered.last { !$0.answered },
                delivered: Array(state.delivered))
        }
    }

    /// Stops the desktop side.
    public func shutdown() {
        desktop?.stop()
    }

    // MARK: The system's side

    /// The answer to the app's request; `asked` is true when the user was prompted now (the
    /// first time only, as iOS asks once). With ``userAnswer`` `ask` the answer stays
    /// notDetermined until ``authorize(allow:)``.
    func requestAuthorization() -> (authorization: NotificationAuthorization, asked: Bool) {
        state.withLock { state in
            guard state.authorization == .notDetermined else { return (state.authorization, false) }
            switch state.userAnswer {
            case .allow: state.authorization = .authorized
            case .deny: state.authorization = .denied
            case .ask: return (.notDetermined, state.alert == nil)
            }
            return (state.authorization, true)
        }
    }

    /// Remembers the permission alert shown for a request.
    func showingAlert(_ id: Int) {
        state.withLock { $0.alert = id }
    }

    /// Reset Location & Privacy: not determined again, and the next request shows the alert.
    /// Returns the permission alert on screen, if there is one.
    func resetAuthorization() -> Int? {
        state.withLock { state in
            state.authorization = .notDetermined
            state.userAnswer = .ask
            defer { state.alert = nil }
            return state.alert
        }
    }

    /// The user's answer; returns the permission alert it closes, if one is on screen.
    func authorize(allow: Bool) -> Int? {
        state.withLock { state in
            state.authorization = allow ? .authorized : .denied
            defer { state.alert = nil }
            return state.alert
        }
    }

    func deliver(_ notification: LocalNotification, at time: Double) -> DeliveredNotification {
        state.withLock { state in
            let delivered = DeliveredNotification(
                id: state.nextID, alertBody: notification.alertBody, action: notification.actionTitle,
                time: time, answered: false)
            state.nextID += 1
            if state.delivered.count == Self.capacity { state.delivered.removeFirst() }
            state.delivered.append(delivered)
            return delivered
        }
    }

    /// Marks the notification `id` (the banner's when nil) answered; nil if there is no such
    /// notification waiting.
    func answer(id: Int?) -> DeliveredNotification? {
        state.withLock { state in
            let index = id.map { id in state.delivered.lastIndex { $0.id == id && !$0.answered } }
                ?? state.delivered.lastIndex { !$0.answered }
            guard let index else { return nil }
            state.delivered[index].answered = true
            return state.delivered[index]
        }
    }
}
