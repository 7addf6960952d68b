import BackgroundWire
import Foundation

/// One thing the ``SystemStateMachine`` decided and the shell (``Device``) carries out, in
/// order, after releasing its lock: the machine itself does no I/O.
package enum SystemEffect: Sendable, Equatable {
    /// A console line.
    case log(String)
    /// Stop running the app's code: it is suspended or not running.
    case freezeApp
    /// Run the app's code again.
    case thawApp
    /// Start a loop timer for `token`, due at its deadline.
    case scheduleTimer(SystemTimerToken)
    /// Stop the loop timer of `token`.
    case cancelTimer(SystemTimerToken)
    /// Post a job to the app's main executor for launch number `launch`.
    case deliver(AppDelivery, toLaunch: Int)
    /// Launch `number` ended: the app's process ends, and every job posted for it is dropped.
    case endLaunch(Int)
    /// Tell the system's services that the app's state changed.
    case announceStateChange(AppStateChange)
    /// Tell the system's services that a call began or ended.
    case announceInterruption(InterruptionEvent)
    /// Write the pending `BGTaskScheduler` requests to storage.
    case savePendingTaskRequests([ScheduledTaskRequest])
    /// Write the background sessions and their transfers to storage.
    case saveBackgroundSessions(StoredBackgroundSessions)
    /// Show a notification on the desktop, when there is one.
    case showDesktopNotification(DeliveredNotification)
    /// Take a notification off the desktop.
    case withdrawDesktopNotification(DeliveredNotification)
    /// The notification center changed: what `status` shows under `notifications`.
    case publishNotifications(NotificationsSnapshot)
    /// What the lock screen's Now Playing shows changed.
    case publishNowPlaying(NowPlayingSnapshot)
    /// The earliest date of the next background fetch changed (nil: none will come).
    case announceFetchSchedule(Date?)
    /// Hand push `number` to a new instance of the app's Notification Service Extension.
    case runServiceExtension(number: Int, NotificationServiceRequest)
    /// Call `serviceExtensionTimeWillExpire()` of push `number`'s extension.
    case expireServiceExtension(number: Int)
    /// Push `number`'s extension is done: let it go.
    case endServiceExtension(number: Int)
    /// Jetsam ends the extension working on push `number`: its process, with any other push in
    /// its hands.
    case jetsamServiceExtension(number: Int)
}

extension SystemEffect: CustomStringConvertible {
    /// A short form for tests that compare effects: `log(State: active → inactive)`.
    package var description: String {
        switch self {
        case .log(let line): "log(\(line))"
        case .freezeApp: "freeze"
        case .thawApp: "thaw"
        case .scheduleTimer(let token): "schedule(\(token) at \(token.deadline.secondsText) s)"
        case .cancelTimer(let token): "cancel(\(token))"
        case .deliver(let delivery, let launch): "deliver(\(delivery) to launch \(launch))"
        case .endLaunch(let number): "endLaunch(\(number))"
        case .announceStateChange(let change): "announce(\(change.from.rawValue) → \(change.to.rawValue))"
        case .announceInterruption(let event): "announce(interruption \(event))"
        case .savePendingTaskRequests(let requests): "save(\(requests.map(\.identifier)))"
        case .saveBackgroundSessions(let stored): "saveSessions(\(stored.transfers.map(\.id)))"
        case .showDesktopNotification(let notification): "desktop(show \(notification.id))"
        case .withdrawDesktopNotification(let notification): "desktop(withdraw \(notification.id))"
        case .publishNotifications: "publishNotifications"
        case .publishNowPlaying: "publishNowPlaying"
        case .announceFetchSchedule(let date): "fetchSchedule(\(date.map { "\($0.timeIntervalSince1970)" } ?? "none"))"
        case .runServiceExtension(let number, _): "runServiceExtension(\(number))"
        case .expireServiceExtension(let number): "expireServiceExtension(\(number))"
        case .endServiceExtension(let number): "endServiceExtension(\(number))"
        case .jetsamServiceExtension(let number): "jetsamServiceExtension(\(number))"
        }
    }
}
