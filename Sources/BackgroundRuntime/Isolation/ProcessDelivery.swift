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
    case launchContinuedTask(run: Int, identifier: String, pattern: String, title: String, subtitle: String)
    case notification(DeliveredNotification)
    case notificationResponse(DeliveredNotification)
    case pushRegistration(PushRegistration)
    case remoteNotification(number: Int, RemotePush)
    case voipPush(number: Int, RemotePush)
    case callAnswered(IncomingCall, accepted: Bool)
    /// A remote command, for activity `activity`, which ends once it is handled.
    case remoteCommand(RemoteCommand, activity: Int?)
    case metricPayloads([MetricPayload])

    /// The delivery of `delivery`; nil for a service's callback, a closure that cannot leave
    /// the system's process.
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
        case .launchContinuedTask(let run, let identifier, let pattern, let title, let subtitle):
            self = .launchContinuedTask(run: run, identifier: identifier, pattern: pattern, title: title, subtitle: subtitle)
        case .notification(let notification): self = .notification(notification)
        case .notificationResponse(let notification): self = .notificationResponse(notification)
        case .pushRegistration(let registration): self = .pushRegistration(registration)
        case .remoteNotification(let number, let push): self = .remoteNotification(number: number, push)
        case .voipPush(let number, let push): self = .voipPush(number: number, push)
        case .callAnswered(let call, let accepted): self = .callAnswered(call, accepted: accepted)
        case .remoteCommand(let command, let activity): self = .remoteCommand(command, activity: activity?.id)
        case .metricPayloads(let payloads): self = .metricPayloads(payloads)
        case .handler:
            return nil
        }
    }
}
