/// Something the system hands the app's code for one launch. It is a value: what it names —
/// an expiration handler, a timer, the keep-alive handler — the app's side keeps, by the
/// identifiers both sides know, so the same delivery reaches the app in the system's process
/// and in its own.
package enum AppDelivery: Codable, Sendable, Equatable {
    /// Make the app's `Application` and delegate, then `didFinishLaunching`.
    case finishLaunching(LaunchReason)
    /// A lifecycle notification.
    case lifecycle(LifecycleEvent)
    /// willEnterForeground of a suspended or background app the user brought back, watched by
    /// the watchdog (``SystemStateMachine/foregroundTransitionBegan(_:at:)``).
    case returnToForeground
    /// didEnterBackground, after which the system learns it returned (``SystemStateMachine/didEnterBackgroundReturned(run:at:)``).
    case didEnterBackground(run: Int)
    /// willTerminate, after which the process ends.
    case willTerminate
    /// The system connects the app's scene (iOS 13, an app that uses scenes).
    case sceneWillConnect
    /// The system disconnects the app's scene.
    case sceneDidDisconnect
    /// One assertion's expiration handler.
    case expirationHandler(BackgroundTaskIdentifier)
    /// Every expiration handler of the run has returned.
    case expirationHandlersReturned(run: Int)
    /// One fire of app timer `id`.
    case timerFire(id: Int)
    /// `application(_:performFetchWithCompletionHandler:)` for fetch `number`.
    case performFetch(number: Int)
    /// A `BGTaskScheduler` task's launch handler.
    case launchTask(run: Int, identifier: String, kind: ScheduledTaskRequest.Kind)
    /// A continued processing task's launch handler, registered for its wildcard `pattern`.
    case launchContinuedTask(run: Int, identifier: String, pattern: String, title: String, subtitle: String)
    /// A running BG task's expiration handler.
    case expireTask(run: Int)
    /// The keep-alive handler, run as a task of the app's; when it returns, the activity that
    /// held the app for it ends.
    case keepAlive(endingActivity: BackgroundActivityToken)
    /// A message of a system service to its app-side object; once it is handed over, the
    /// activity that held the app for it ends.
    case serviceMessage(ServiceMessage, endingActivity: BackgroundActivityToken?)
    /// A remote command (Control Center, the lock screen, headphones) for the app's handlers;
    /// once they ran, the activity that held the app for it ends.
    case remoteCommand(RemoteCommand, endingActivity: BackgroundActivityToken?)
    /// The MetricKit payloads due, for the app's subscribers.
    case metricPayloads([MetricPayload])
    /// A device notification (Low Power Mode, heat, Background App Refresh).
    case systemNotification(SystemNotification)
    /// A notification presented while the app is active: `didReceiveLocalNotification`, or
    /// from iOS 10 `willPresent`, whose answer may show the banner.
    case notification(DeliveredNotification)
    /// The user chose a notification's action; one handled in the background holds the app
    /// with `endingActivity` until the app calls the completion handler.
    case notificationResponse(NotificationResponse, endingActivity: BackgroundActivityToken?)
    /// The user answered the notification permission alert the app's request showed.
    case notificationAuthorizationAnswered(granted: Bool)
    /// The answer to the app's registration for pushes.
    case pushRegistration(PushRegistration)
    /// `didReceiveRemoteNotification(_:fetchCompletionHandler:)` for push `number`.
    case remoteNotification(number: Int, RemotePush)
    /// PushKit's `didReceiveIncomingPushWith` for VoIP push `number`.
    case voipPush(number: Int, RemotePush)
    /// The user accepted or declined the call on the incoming-call screen.
    case callAnswered(IncomingCall, accepted: Bool)
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)` for session
    /// `identifier`, the app's `number`th.
    case handleSessionEvents(number: Int, identifier: String)
    /// Background session `identifier`'s ended transfers, for its delegate, with each one's URL
    /// by task; `finishing`: then `urlSessionDidFinishEvents(forBackgroundURLSession:)`.
    case sessionEvents(identifier: String, [BackgroundTransferEvent], urls: [Int: String], finishing: Bool)
    /// A tap on the app's screen, by name (``Device/tap(_:_:)``).
    case command(AppCommand)
}

extension AppDelivery: CustomStringConvertible {
    package var description: String {
        switch self {
        case .finishLaunching(let reason): "finishLaunching(\(reason.rawValue))"
        case .lifecycle(let event): event.rawValue
        case .returnToForeground: LifecycleEvent.willEnterForeground.rawValue
        case .didEnterBackground(let run): "didEnterBackground(run \(run))"
        case .willTerminate: "willTerminate"
        case .sceneWillConnect: "sceneWillConnect"
        case .sceneDidDisconnect: "sceneDidDisconnect"
        case .expirationHandler(let identifier): "expirationHandler(\(identifier))"
        case .expirationHandlersReturned(let run): "expirationHandlersReturned(run \(run))"
        case .timerFire(let id): "timerFire(\(id))"
        case .performFetch(let number): "performFetch(\(number))"
        case .launchTask(let run, let identifier, _): "launchTask(\(identifier), run \(run))"
        case .launchContinuedTask(let run, let identifier, _, _, _): "launchContinuedTask(\(identifier), run \(run))"
        case .expireTask(let run): "expireTask(run \(run))"
        case .keepAlive(let activity): "keepAlive(ending activity \(activity.id))"
        case .serviceMessage(let message, _): "serviceMessage(\(message.service))"
        case .remoteCommand(let command, _): "remoteCommand(\(command))"
        case .metricPayloads(let payloads): "metricPayloads(\(payloads.count))"
        case .systemNotification(let notice): notice.rawValue
        case .notification(let notification): "notification(\(notification.id))"
        case .notificationResponse(let response, _):
            "notificationResponse(\(response.notification.id), \(response.actionIdentifier))"
        case .notificationAuthorizationAnswered(let granted): "notificationAuthorizationAnswered(\(granted))"
        case .pushRegistration(let registration): "pushRegistration(\(registration))"
        case .remoteNotification(let number, _): "remoteNotification(\(number))"
        case .voipPush(let number, _): "voipPush(\(number))"
        case .callAnswered(let call, let accepted): "callAnswered(\(call.uuid), accepted: \(accepted))"
        case .handleSessionEvents(let number, let identifier): "handleSessionEvents(\(identifier), \(number))"
        case .sessionEvents(let identifier, let events, _, let finishing):
            "sessionEvents(\(identifier), \(events.count)\(finishing ? ", finishing" : ""))"
        case .command(let command): "command(\(command.name))"
        }
    }
}
