import BackgroundWire

extension Rule {
    /// `BGContinuedProcessingTask`, iOS 26 (`SystemStateMachine+ContinuedProcessing.swift`).
    static let continuedProcessing: [Rule] = [
        Rule(
            "continued-from-the-foreground", eras: 26...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, BGContinuedProcessingTaskRequest: “The app submits this request from the foreground. Submission needs to occur as a result of a person’s action”"),
            test: "aContinuedTaskIsSubmittedFromTheForeground"
        ) { _ in
            "A continued processing request is submitted from the foreground, on the user's action; submitted "
                + "from the background it is refused (as notPermitted: the error code is Backgrounder's)."
        },
        Rule(
            "continued-wildcard-identifiers", eras: 26...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, BGContinuedProcessingTaskRequest.init(identifier:title:subtitle:): the bundle ID, optional context, then “.*”; BGTaskScheduler.h exempts these from registering before launch ends; Apple Developer Forums 799126: submitting with no handler raises “No launch handler registered for task with identifier …”"),
            test: "continuedTasksUseAWildcardIdentifierRegisteredAnyTime"
        ) { _ in
            "Its identifier is a permitted wildcard (the bundle identifier, context, then .*) with a suffix; the "
                + "wildcard's launch handler may be registered at any time, and submitting without one crashes "
                + "with NSInternalInconsistencyException."
        },
        Rule(
            "continued-submission-strategy", eras: 26...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, BGContinuedProcessingTaskRequest.SubmissionStrategy (.fail, .queue) and strategy (“The default value is .queue”); BGTaskScheduler.Error.Code.immediateRunIneligible"),
            test: "failThrowsAndQueueWaitsWhenNoTaskCanStart"
        ) { _ in
            "A request that cannot run at once throws immediateRunIneligible with .fail, and with .queue (the "
                + "default) waits at the back of the queue and starts as soon as a task ends."
        },
        Rule(
            "continued-concurrency", eras: 26...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple names “the maximum level of concurrent tasks” and a system “under substantial load”, without values"),
            test: "failThrowsAndQueueWaitsWhenNoTaskCanStart"
        ) { profile in
            "At most \(profile.continuedProcessingTaskLimit) continued processing tasks run at once, and none "
                + "starts while the device is seriously or critically hot (under load)."
        },
        Rule(
            "continued-progress", eras: 26...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple, BGContinuedProcessingTask: “The system prioritizes the termination of tasks that reflect minimal or no progress”; DTS (forums 818623) names failing to report progress as a main cause of expiration; the timeout and “critically hot” as the pressure are Backgrounder's"),
            test: "aContinuedTaskWithoutProgressIsExpired"
        ) { profile in
            "A task that reports no progress for \(profile.continuedProcessingProgressTimeout.secondsText) s is "
                + "expired; when the device turns critically hot the running task with the least progress expires."
        },
        Rule(
            "continued-live-activity", eras: 26...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, BGContinuedProcessingTask: “The system displays the progress of this task in a Live Activity and a person can cancel it”; DTS (forums 818623): the user’s Stop calls the expirationHandler"),
            test: "stoppingTheLiveActivityCallsTheExpirationHandler"
        ) { profile in
            "Each task's title, subtitle and progress show in a Live Activity whose Stop calls the expiration "
                + "handler; the task then has \(profile.expirationLeadTime.secondsText) s (Backgrounder's number) to "
                + "call setTaskCompleted, or a background app is terminated."
        },
        Rule(
            "continued-no-time-limit", eras: 26...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple Developer Forums 818623 (DTS): “There isn't any specific time limit”"),
            test: "aContinuedTaskKeepsTheAppRunningInTheBackground"
        ) { _ in
            "A running continued processing task keeps its app running in the background, with no fixed time "
                + "limit, until it completes or expires."
        },
        Rule(
            "continued-queue-and-the-switcher", eras: 26...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, BGContinuedProcessingTaskRequest.SubmissionStrategy.queue: “The system cancels queued … objects if someone closes your app using the app switcher”"),
            test: "closingTheAppInTheSwitcherCancelsQueuedRequests"
        ) { _ in
            "Closing the app in the app switcher cancels its queued continued processing requests; its running "
                + "tasks end with it."
        },
    ]
}
