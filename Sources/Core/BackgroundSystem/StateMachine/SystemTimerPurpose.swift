import BackgroundWire

/// What a timer of the ``SystemStateMachine`` is for, so that its firing finds its rule.
enum SystemTimerPurpose: Sendable, Equatable {
    /// The grace after didEnterBackground is delivered (iOS's ~5 s).
    case didEnterBackgroundGrace(run: Int)
    /// The finite-task budget runs low: expiration handlers are called.
    case assertionExpiration(run: Int)
    /// The finite-task budget is spent: an app still holding assertions is killed.
    case budgetDeadline(run: Int)
    /// didFinishLaunching of a launch onto the screen has this long to return.
    case launchWatchdog(launch: Int)
    case foregroundWatchdog(launch: Int)
    /// willTerminate has this long to return.
    case terminationGrace(launch: Int)
    /// An app timer (`Timer.scheduledTimer`) falls due.
    case appTimer(id: Int)
    /// A background fetch's completion handler is overdue.
    case fetchDeadline(number: Int)
    /// The planned background fetch falls due.
    case fetchPlan
    /// The next pending `BGTaskScheduler` request falls due.
    case taskPlan
    /// A running BG task's time runs low: its expiration handler is called.
    case taskExpiration(run: Int)
    /// A running BG task's `setTaskCompleted` is overdue.
    case taskDeadline(run: Int)
    /// A continued processing task must have reported progress by now.
    case continuedTaskProgressCheck(run: Int)
    /// An expired continued processing task's `setTaskCompleted` is overdue.
    case continuedTaskDeadline(run: Int)
    /// The VoIP keep-alive handler is due.
    case keepAlive(launch: Int)
    /// The running keep-alive handler's 10 s are up.
    case keepAliveHandlerLimit(activity: Int)
    /// The time an event woke the app for, `limit`, is up.
    case eventTimeLimit(activity: Int, limit: Duration)
    /// A remote notification's or VoIP push's completion is overdue.
    case pushDeadline(number: Int)
    /// The Notification Service Extension's time for push `number` is up.
    case serviceExtensionDeadline(number: Int)
    /// The trigger of the pending notification request `identifier` fires.
    case notificationTrigger(identifier: String)
    /// The throttle's hour has passed for the held background push.
    case heldPushRelease
    /// The Scheduled Summary's hour has come.
    case scheduledSummary
    /// The delay after the screen locked has passed: the class key of complete protection is
    /// discarded.
    case protectedDataDiscard
    /// The completion handler of a background session's events is overdue.
    case sessionEventsDeadline(number: Int)
    /// The resume rate limiter's delay has passed without a resume.
    case transferResumeDelay
    /// The `earliestBeginDate` of background transfer `task` has come.
    case transferBeginDate(task: Int)
}
