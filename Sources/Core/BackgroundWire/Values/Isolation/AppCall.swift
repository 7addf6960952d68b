import Foundation

/// What the app's code tells or asks the system — every call of ``AppRuntime``, and the returns
/// of the deliveries — as values, whichever process the app's code runs in. The device answers
/// each in ``Device/answer(_:)``: adding a call is one case here, one event of the machine,
/// one line there.
package enum AppCall: Codable, Sendable, Equatable {
    // Calls that wait for an answer (``AppAnswer``): their messages carry a question number.
    case beginAssertion(name: String?, hasExpirationHandler: Bool, fileID: String, line: Int, launch: Int)
    case backgroundTimeRemaining
    case scheduleAppTimer(nanoseconds: Int64, repeats: Bool, launch: Int)
    case containerURL(group: String)
    case date
    /// The device's time, for an app in its own process to read the device's clock (``AppClock``).
    case deviceClock
    case conditions
    case nextEarliestFetchDate
    case pendingTaskRequests
    case submitTaskRequest(ScheduledTaskRequest)
    case setKeepAlive(nanoseconds: Int64, launch: Int)
    /// A service's call that waits for its answer.
    case callService(ServiceMessage)
    case requestNotificationAuthorization
    case requestProvisionalNotificationAuthorization
    case preserveState(RestorationArchive?, launch: Int)
    case restoredState(launch: Int)
    case presentNotification(LocalNotification)
    case addNotificationRequest(NotificationRequest)
    case notificationsSnapshot
    case submitContinuedTask(ContinuedProcessingTaskRequest, pattern: String)
    case protectedDataAccess
    case documentsDirectory
    case keychainDirectory
    case addDownloadTask(session: String, url: String, earliestBeginDate: Date?, expectedBytes: Int64?, resumeData: Data?, launch: Int)

    // Calls that do not.
    /// A service's call that answers nothing.
    case tellService(ServiceMessage)
    /// The client of service channel `channel` took in `count` of its events.
    case returnServiceCredit(channel: String, count: Int)
    case endAssertion(identifier: Int, fileID: String, line: Int, launch: Int)
    case cancelAppTimer(id: Int)
    case report(rule: String, message: String)
    case crash(reason: String)
    case publish(screen: String, snapshot: PublishedSnapshot)
    /// Console lines the app logged, in order (those of one wake of its main thread together).
    case log(lines: [String])
    case setBackgroundFetchInterval(BackgroundFetchInterval)
    case cancelTaskRequests(identifiers: [String])
    case completeTask(run: Int, launch: Int?, success: Bool)
    case clearKeepAlive(launch: Int)
    case reportContinuedTask(run: Int, ContinuedTaskReport)
    case registerForPushes(voip: Bool)
    case reportIncomingCall(IncomingCall, launch: Int)
    case endCall
    case setNowPlayingInfo(NowPlayingInfo?)
    case setRemoteCommands([RemoteCommandKind])
    case setNotificationCategories([NotificationCategory])
    /// Removes the pending notification requests `identifiers`, all of them when nil.
    case removePendingNotificationRequests(identifiers: [String]?)
    case makeBackgroundSession(BackgroundSessionConfiguration, launch: Int)
    /// `cancel()` or `cancel(byProducingResumeData:)` of background transfer `task`.
    case cancelDownloadTask(task: Int, producingResumeData: Bool, launch: Int)

    // The returns of deliveries.
    case launchBegan(launch: Int)
    case launchReturned(launch: Int)
    case foregroundTransitionBegan(launch: Int)
    case foregroundTransitionReturned(launch: Int)
    case didEnterBackgroundBegan(run: Int)
    case didEnterBackgroundReturned(run: Int)
    case willTerminateReturned(launch: Int)
    case expirationHandlersReturned(run: Int)
    case appTimerFireStarted(id: Int)
    case completeFetch(number: Int, launch: Int, result: BackgroundFetchResult)
    /// The app began to handle the event the activity `activity` holds it for.
    case eventHandlingBegan(BackgroundActivityToken)
    /// The activity `activity` held the app for ended: its keep-alive handler returned, or its
    /// message or remote command was handled.
    case endActivity(BackgroundActivityToken)
    /// The app asked for the banner of notification `id` (`willPresent`).
    case showNotification(id: Int)
    case completeRemoteNotification(number: Int, launch: Int, result: BackgroundFetchResult)
    case completeVoIPPush(number: Int, launch: Int)
    /// The completion handler of `handleEventsForBackgroundURLSession` `number` was called.
    case completeSessionEvents(number: Int, launch: Int)
    /// The app answered tap `id`.
    case tapAnswered(id: Int, AppCommandResult)
    /// The app's main executor reached barrier `id`.
    case barrierReached(id: Int)
}
