import BackgroundWire

extension Rule {
    /// `BGTaskScheduler` (`SystemStateMachine+TaskScheduler.swift`).
    static let taskScheduler: [Rule] = [
        Rule(
            "processing-task-spacing", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "WWDC 2020, “Background execution demystified”, names rate limiting among the factors: the system spaces launches out, without a figure. A resumed app hears didEnterBackground (rule wake-for-events), where apps submit their requests, as Apple's sample does; without spacing a request submitted again while its task runs would run at once, again and again. One hour is Backgrounder's"),
            test: "aProcessingTaskSubmittedAgainWhenTheAppIsResumedWaitsAnHour"
        ) { _ in
            "A processing task launches no sooner than \(SystemStateMachine.processingTaskSpacing.secondsText) s after the "
                + "last one of its identifier began, whatever its conditions."
        },
        Rule(
            "task-permitted-identifiers", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, BGTaskScheduler: identifiers must be listed in BGTaskSchedulerPermittedIdentifiers; BGTaskScheduler.Error.Code.notPermitted"),
            test: "submitRefusesWhatIsNotPermitted"
        ) { _ in
            "Only identifiers in BGTaskSchedulerPermittedIdentifiers may be submitted, and only with the "
                + "background mode their kind needs (fetch for app refresh, processing for processing)."
        },
        Rule(
            "task-pending-limits", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, BGTaskScheduler.submit(_:): “There can be a total of 1 refresh task and 10 processing tasks scheduled at any time”"),
            test: "oneRefreshAndTenProcessingRequestsMayBePending"
        ) { _ in
            "At most 1 app refresh request and 10 processing requests are pending at once; more is "
                + ".tooManyPendingTaskRequests. Resubmitting an identifier replaces its request."
        },
        Rule(
            "task-registration-exceptions", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "BGTaskScheduler’s NSInternalInconsistencyException reasons, as crash reports show them: “All launch handlers must be registered before application finishes launching”, “Launch handler for task with identifier … has already been registered”, “No launch handler registered for task with identifier …”"),
            test: "registeringLateTwiceOrWithoutAHandlerCrashesWithTheExceptionsReason"
        ) { _ in
            "Registering a launch handler after the app finished launching, registering one twice, or a task "
                + "launched with no handler registered crashes the app with NSInternalInconsistencyException."
        },
        Rule(
            "task-budgets", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple gives a refresh task about 30 s (like a fetch) and a processing task “minutes”; the exact numbers are Backgrounder’s"),
            test: "theExpirationHandlerRunsBeforeTheBudgetEnds"
        ) { profile in
            "An app refresh task has \(profile.fetchBudget.secondsText) s and a processing task "
                + "\(profile.processingTaskBudget.secondsText) s; the expiration handler runs "
                + "\(profile.expirationLeadTime.secondsText) s before, and an app that never calls "
                + "setTaskCompleted is terminated."
        },
        Rule(
            "processing-when-idle", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple Developer Forums, “BGProcessingTask” (DTS): “processing tasks are designed to be executed only when the user is not likely to be using the device”; BGProcessingTaskRequest.requiresExternalPower"),
            test: "aProcessingTaskWaitsForTheLockedScreenAndPowerWhenItAsks"
        ) { _ in
            "Processing tasks run only while the device is idle (its screen locked) and, if they ask, on "
                + "external power or with a network; a task whose condition is lost expires."
        },
        Rule(
            "processing-needs-recent-use", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, BGProcessingTaskRequest (BGTaskRequest.h): “The system will attempt to fulfill this request to the best of its ability within the next two days as long as the user has used your app within the past week.” Backgrounder's model: “used” is opened onto the screen, the system knows only the opens since it started (with none it holds nothing back), and the two days are not enforced"),
            test: "aProcessingTaskWaitsForAnAppUsedWithinThePastWeek"
        ) { _ in
            "A processing request runs only if the user opened the app within the past 7 days; otherwise it "
                + "waits, with a console line that says so, until the user opens the app again."
        },
    ]
}
