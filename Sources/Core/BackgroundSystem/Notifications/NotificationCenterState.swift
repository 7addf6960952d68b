import BackgroundWire
import DequeModule
import Foundation

/// The system's notification center, as part of the ``SystemStateMachine``: the user's
/// permission, and the latest notifications presented with whether each was answered.
struct NotificationCenterState: Sendable, Equatable {
    /// How many notifications it keeps.
    static let capacity = 20

    var authorization = NotificationAuthorization.notDetermined
    /// Whether the permission is provisional (iOS 12): authorized, but the notifications go
    /// quietly to Notification Center until the user keeps them prominent.
    var isProvisional = false
    /// Whether the user has the app's notifications delivered in the Scheduled Summary (iOS 15).
    var deliversInScheduledSummary = false
    /// The timer of the next Scheduled Summary, while notifications wait for it.
    var summaryTimer: SystemTimerToken?
    /// How the user answers the permission prompt when the app asks (Allow by default).
    var userAnswer = NotificationPermissionAnswer.allow
    /// The permission alert on screen.
    var alert: Int?
    var delivered: Deque<DeliveredNotification> = []
    var nextID = 1
    /// The app's categories (`setNotificationCategories`), by identifier.
    var categories: [String: NotificationCategory] = [:]
    /// The answer to a background action that launched the app, delivered once it has launched.
    var launchResponse: NotificationResponse?
    /// An action that needs an unlocked device, chosen while it was locked: the app hears of it
    /// when the user unlocks.
    var awaitingUnlock: ActionAwaitingUnlock?
    /// The requests waiting for their triggers, by identifier.
    var pending: [String: PendingNotification] = [:]

    /// What `status` and the web UI show.
    var snapshot: NotificationsSnapshot {
        NotificationsSnapshot(
            authorization: authorization, provisional: isProvisional, scheduledSummary: deliversInScheduledSummary,
            banner: banner, delivered: Array(delivered),
            pending: pending.values.sorted { ($0.fireTime, $0.request.identifier) < ($1.fireTime, $1.request.identifier) }
                .map(\.request))
    }

    /// The latest notification shown and still waiting for its action.
    var banner: DeliveredNotification? { delivered.last { $0.shown && !$0.answered } }

    /// Keeps `notification` as presented at `time` (seconds since boot) and `date` (the wall
    /// clock's), shown as a banner, handed to the app, or `held` quietly (with its `level`, nil
    /// before iOS 15); it replaces the one with the same collapse identifier, returned too.
    package mutating func deliver(
        _ notification: LocalNotification, level: NotificationInterruptionLevel?, held: NotificationHold?,
        at time: Double, date: Date, shown: Bool
    ) -> (delivered: DeliveredNotification, replaced: DeliveredNotification?) {
        let delivered = DeliveredNotification(
            id: nextID, alertBody: notification.alertBody, action: notification.actionTitle, time: time,
            timestamp: date.timeIntervalSince1970, answered: false,
            shown: shown, collapseID: notification.collapseID,
            actions: notification.categoryIdentifier.flatMap { categories[$0]?.actions },
            categoryIdentifier: notification.categoryIdentifier, title: notification.title, userInfo: notification.userInfo,
            badge: notification.badge, sound: notification.sound, interruptionLevel: level, held: held)
        nextID += 1
        let replaced = notification.collapseID.flatMap { key in
            self.delivered.lastIndex { $0.collapseID == key }.map { self.delivered.remove(at: $0) }
        }
        if self.delivered.count == Self.capacity { self.delivered.removeFirst() }
        self.delivered.append(delivered)
        return (delivered, replaced)
    }

    /// Shows the notification `id` as a banner, as the app asked; nil if it is gone or shown.
    mutating func show(id: Int) -> DeliveredNotification? {
        guard let index = delivered.lastIndex(where: { $0.id == id && !$0.shown }) else { return nil }
        delivered[index].shown = true
        return delivered[index]
    }

    /// The notification `id` (the banner's when nil) if it is shown and waiting for an answer.
    func waiting(id: Int?) -> DeliveredNotification? {
        let index = id.map { id in delivered.lastIndex { $0.id == id && $0.shown && !$0.answered } }
            ?? delivered.lastIndex { $0.shown && !$0.answered }
        return index.map { delivered[$0] }
    }

    /// The notifications held for the Scheduled Summary come with it: they show, and are
    /// returned.
    mutating func releaseSummary() -> [DeliveredNotification] {
        var released: [DeliveredNotification] = []
        for index in delivered.indices where delivered[index].held == .scheduledSummary {
            delivered[index].held = nil
            delivered[index].shown = true
            released.append(delivered[index])
        }
        return released
    }

    /// Marks the notification `id` answered and returns it; nil if it is gone.
    mutating func markAnswered(id: Int) -> DeliveredNotification? {
        guard let index = delivered.lastIndex(where: { $0.id == id }) else { return nil }
        delivered[index].answered = true
        return delivered[index]
    }
}
