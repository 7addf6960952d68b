/// A delivery of the system to the app in its own process: an ``AppDelivery`` whose closures
/// stay in the app's process, named by the identifiers both sides know.
enum ProcessDelivery: Codable, Sendable, Equatable {
    case finishLaunching(LaunchReason)
    case lifecycle(LifecycleEvent)
    case didEnterBackground(run: Int)
    case willTerminate
    case expirationHandler(identifier: Int)
    case expirationHandlersReturned(run: Int)
    case timerFire(id: Int)
    case systemNotification(SystemNotification)
    case performFetch(number: Int)
    case launchTask(run: Int, identifier: String, kind: ScheduledTaskRequest.Kind)
    case expireTask(run: Int)
    /// The keep-alive handler, for activity `activity`, which ends when it returns.
    case keepAlive(activity: Int)
    /// A service's message, for activity `activity`, which ends once it is handed over.
    case serviceMessage(ServiceMessage, activity: Int?)
    /// Answered with ``AppCall/barrierReached(id:)`` once the jobs before it have run.
    case barrier(id: Int)

    /// The delivery of `delivery`; nil for one that cannot reach an app in its own process yet
    /// (a service's callback, a continued processing task, a notification, a push).
    init?(_ delivery: AppDelivery) {
        switch delivery {
        case .finishLaunching(let reason): self = .finishLaunching(reason)
        case .lifecycle(let event): self = .lifecycle(event)
        case .didEnterBackground(let run): self = .didEnterBackground(run: run)
        case .willTerminate: self = .willTerminate
        case .expirationHandler(_, let identifier): self = .expirationHandler(identifier: identifier.rawValue)
        case .expirationHandlersReturned(let run): self = .expirationHandlersReturned(run: run)
        case .timerFire(_, let id): self = .timerFire(id: id)
        case .systemNotification(let notice): self = .systemNotification(notice)
        case .performFetch(let number): self = .performFetch(number: number)
        case .launchTask(let run, let identifier, let kind): self = .launchTask(run: run, identifier: identifier, kind: kind)
        case .expireTask(let run): self = .expireTask(run: run)
        // The keep-alive handler is the one async handler the system delivers.
        case .asyncHandler(_, let activity): self = .keepAlive(activity: activity.id)
        case .serviceMessage(let message, let activity): self = .serviceMessage(message, activity: activity?.id)
        case .launchContinuedTask, .handler, .notification,
            .notificationResponse, .pushRegistration, .remoteNotification, .voipPush, .callAnswered:
            return nil
        }
    }
}
