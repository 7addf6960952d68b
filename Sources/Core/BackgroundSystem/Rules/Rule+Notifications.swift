import BackgroundWire

extension Rule {
    /// Notifications (`SystemStateMachine+Notifications.swift`).
    static let notifications: [Rule] = [
        Rule(
            "notification-permission", eras: 8...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, UIApplication.registerUserNotificationSettings(_:) (iOS 8) and UNUserNotificationCenter.requestAuthorization(options:completionHandler:) (iOS 10): the user is asked once"),
            test: "theUserIsAskedOnceAndARefusalDropsNotificationsWithADiagnostic"
        ) { _ in
            "An app must be allowed to post notifications: the user is asked once, and without permission a "
                + "notification is dropped."
        },
        Rule(
            "notification-in-the-foreground",
            origin: .iOS(source: "Apple, application(_:didReceive:) (UILocalNotification, before iOS 10) and UNUserNotificationCenterDelegate.userNotificationCenter(_:willPresent:withCompletionHandler:) (iOS 10)"),
            test: "whileTheAppIsActiveNoBannerAppearsAndTheAppIsTold"
        ) { profile in
            profile.iOSVersion >= 10
                ? "While the app is active a notification is handed to the app (willPresent), which chooses whether the banner shows."
                : "While the app is active no banner appears: the notification is handed to the app (didReceiveLocalNotification)."
        },
        Rule(
            "provisional-notifications", eras: 12...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, UNAuthorizationOptions.provisional (iOS 12): “The ability to post noninterrupting notifications provisionally to the Notification Center”; UNAuthorizationStatus.provisional: “The application is provisionally authorized to post noninterruptive user notifications”; in Notification Center the user keeps them (prominent delivery) or turns them off"),
            test: "aProvisionalPermissionPostsQuietlyWithoutAsking"
        ) { _ in
            "An app that asks for a provisional permission is not asked about: it may post at once, and its notifications "
                + "go quietly to Notification Center, no banner or sound (status: held provisional), until the user keeps "
                + "them (notification authorize allow) or turns them off (deny)."
        },
        Rule(
            "interruption-levels", eras: 6...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, UNNotificationInterruptionLevel (iOS 15): passive — “The system adds the notification to the notification list without lighting up the screen or playing a sound”; active — “presents the notification immediately, lights up the screen, and can play a sound”; timeSensitive — “can break through system controls such as Notification Summary and Focus”; critical — “bypasses the mute switch to play a sound”; a push's aps.interruption-level. That critical notifications break through a Focus as time-sensitive ones do, that Do Not Disturb (iOS 6–14) holds every notification, and that the app has the entitlements the two levels need, are Backgrounder's model"),
            test: "aFocusHoldsActiveNotificationsAndLetsTimeSensitiveOnesThrough"
        ) { profile in
            profile.hasInterruptionLevels
                ? "While a Focus is on (device focus on) a passive or active notification goes quietly to Notification "
                    + "Center, no banner or sound (status: held focus); a time-sensitive or critical one shows at once. A "
                    + "passive notification never lights the screen or plays a sound."
                : "While Do Not Disturb is on (device focus on) every notification goes quietly to Notification Center, "
                    + "no banner or sound (status: held focus); interruption levels came with iOS 15."
        },
        Rule(
            "scheduled-summary", eras: 15...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, UNNotificationInterruptionLevel.timeSensitive (iOS 15): time-sensitive notifications “can break through system controls such as Notification Summary and Focus”; Settings ▸ Notifications ▸ Scheduled Summary delivers the apps' notifications the user puts in it at the times the user chooses. The times, 08:00 and 18:00 by the device's clock, are Backgrounder's model"),
            test: "theScheduledSummaryHoldsNotificationsUntilItsHour"
        ) { _ in
            "With the app in the Scheduled Summary (notification scheduled-summary on), its passive and active "
                + "notifications wait quietly (status: held scheduledSummary) and come together at the next summary, 08:00 "
                + "or 18:00; time-sensitive and critical ones show at once. Turned off, those waiting come at once."
        },
        Rule(
            "notification-action-opens-the-app",
            origin: .iOS(source: "Apple, UNUserNotificationCenterDelegate.userNotificationCenter(_:didReceive:withCompletionHandler:): the app learns which notification and which action"),
            test: "answerBringsTheAppToTheForegroundEvenWhenItIsNotRunning"
        ) { _ in
            "Choosing a notification’s action opens the app, launching it if needed, and tells it which "
                + "notification and which action."
        },
        Rule(
            "notification-actions-in-the-background", eras: 8...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, UNNotificationActionOptions.foreground: “The action causes the app to launch in the foreground”; “Handling notifications and notification-related actions”: tapping an action button “forwards the selected action to your app, without bringing the app to the foreground”; UIUserNotificationActivationMode.background (iOS 8): “Activate the app and put it in the background. If the app is already in the foreground, it remains in the foreground”; UNNotificationCategory and setNotificationCategories(_:): a notification shows the actions of its category (a push's aps.category)"),
            test: "aBackgroundActionWakesTheSuspendedAppAndItSleepsAgainOnceHandled"
        ) { _ in
            "A notification shows the actions of the category it names (setNotificationCategories, a push's "
                + "aps.category). An action with .foreground opens the app; one without it is handed to the app where it "
                + "is (didReceive with the action's identifier): a suspended app is woken in the background, one not "
                + "running is launched into the background, one on screen stays there."
        },
        Rule(
            "notification-action-needs-an-unlock", eras: 8...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, UNNotificationActionOptions.authenticationRequired: “The action can be performed only on an unlocked device”; “When the user selects an action with this option, the system prompts the user to unlock the device. After unlocking, the system notifies your app of the selected action.” That the choice waits for the next unlock however long it takes, and is lost if the device restarts first, is Backgrounder's model"),
            test: "anActionThatNeedsAuthenticationWaitsForTheUnlock"
        ) { _ in
            "An action with .authenticationRequired chosen while the device is locked makes the system ask for the "
                + "passcode: the app hears of the action once the user unlocks (device unlock), without choosing it again. "
                + "Without the option a background action runs on a locked device (with protected data unavailable)."
        },
        Rule(
            "notification-action-time", eras: 8...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple says only to call the completion handler of userNotificationCenter(_:didReceive:withCompletionHandler:) once the response is handled, and gives no time for an action handled in the background; Backgrounder gives it a background push's 30 s"),
            test: "anActionLeftUnhandledHoldsTheAppThirtySecondsAtMost"
        ) { _ in
            "An action handled in the background keeps the app running until it calls the completion handler, "
                + "\(SystemStateMachine.notificationActionTime.secondsText) s at most; then the app is suspended unless "
                + "something else keeps it running."
        },
        Rule(
            "notification-categories-era",
            origin: .iOS(source: "Apple, UIUserNotificationAction and UIUserNotificationCategory (iOS 8–10), then UNNotificationAction and UNNotificationCategory (iOS 10 and later); before iOS 8 a UILocalNotification had one action, its alertAction, which opened the app"),
            test: "beforeIOS8CategoriesAreUnavailableAndTheOneActionOpensTheApp"
        ) { profile in
            profile.hasNotificationActions
                ? "Notification categories and custom actions exist (iOS 8 and later)."
                : "Notification categories do not exist in \(profile.name): setNotificationCategories is an "
                    + "[unavailable-api] diagnostic, and a notification's one action opens the app."
        },
        Rule(
            "notification-requests",
            origin: .iOS(source: "Apple, UILocalNotification.fireDate with scheduleLocalNotification(_:) (iOS 4–9), then UNUserNotificationCenter.add(_:withCompletionHandler:) with UNTimeIntervalNotificationTrigger (iOS 10): the system delivers the notification when the trigger's time has passed, repeating if asked; UNNotificationRequest init(identifier:content:trigger:): a new request with the same identifier replaces the scheduled one"),
            test: "aRequestIsPresentedWhenItsTriggerFiresWhileTheAppIsSuspended"
        ) { _ in
            "A notification request with a trigger waits in the system, which presents it when the trigger fires, "
                + "whatever the app's state (the app is not woken for it); a repeating one fires again every interval. "
                + "A request with a pending request's identifier replaces it; one made without permission is refused "
                + "([notification-not-authorized])."
        },
        Rule(
            "notification-pending-limit",
            origin: .iOS(source: "Apple, Local and Remote Notification Programming Guide, on scheduling local notifications: “the system keeps the soonest-firing 64 notifications (with automatically rescheduled notifications counting as a single notification) and discards the rest”"),
            test: "onlyTheSixtyFourRequestsThatFireSoonestAreKept"
        ) { _ in
            "The system keeps the \(SystemStateMachine.pendingNotificationLimit) pending requests that fire soonest and "
                + "discards the rest."
        },
        Rule(
            "service-extension-changes-the-push", eras: 10...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Modifying content in newly delivered notifications”: the extension “receives the contents of your remote notifications before they are displayed to the user”; UNNotificationServiceExtension (iOS 10); the payload's aps carries mutable-content 1. That the app is neither launched nor woken for it follows from the extension being a separate bundle with its own process"),
            test: "aMutableContentPushIsChangedByTheExtensionBeforeItShowsAndTheSuspendedAppSleepsOn"
        ) { _ in
            "A push that shows an alert and carries mutable-content 1 goes to the app's Notification Service "
                + "Extension first, and shows with the content it gives; the app stays as it is, suspended or not "
                + "running."
        },
        Rule(
            "service-extension-time", eras: 10...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Modifying content in newly delivered notifications”: didReceive(_:withContentHandler:) “has only about 30 seconds to modify the payload and call the provided completion handler. If your code takes longer than that, the system calls the serviceExtensionTimeWillExpire() method … If you fail to call the completion handler from either method, the system displays the original contents of the notification.” Backgrounder's model: exactly 30 s, and serviceExtensionTimeWillExpire() must call the handler before it returns"),
            test: "after30SecondsTimeWillExpireGivesTheBestAttempt"
        ) { _ in
            "The extension has \(SystemStateMachine.serviceExtensionTime.secondsText) s to call the content handler; "
                + "then serviceExtensionTimeWillExpire() is its last chance, and without a call the original content "
                + "shows ([service-extension-timeout])."
        },
        Rule(
            "service-extension-process", eras: 10...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, App Extension Programming Guide (“Understand How an App Extension Works”): “There is no direct communication between an app extension and its containing app; typically, the containing app isn’t even running while a contained extension is running”, and “An extension typically terminates soon after it completes the request”. Backgrounder's model: the process ends as soon as no push is left in its hands, and one that crashes shows the original content at once (Apple says the original shows when the handler is not called, not what a crash does)"),
            test: "theNotificationServiceExtensionRunsInAProcessOfItsOwnWhileTheAppSleeps"
        ) { _ in
            "With the app in its own process (--isolation process), its Notification Service Extension runs in "
                + "another: started for a push, ended once no push is left in its hands, while the app's process stays "
                + "as it was (suspended and frozen, or not running). An extension that crashes ends only its own "
                + "process, and the original content shows at once."
        },
        Rule(
            "service-extension-memory-limit", eras: 10...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple, App Extension Programming Guide (“Optimize Efficiency and Performance”): “Memory limits for running app extensions are significantly lower than the memory limits imposed on a foreground app”, and a jetsam report names going over one per-process-limit; Apple publishes no figure for a Notification Service Extension; developers measured 24 MB (Igor Kulman, “Dealing with memory limits in iOS app extensions”: “the extension crashed exceeding the 24 MB memory limit”; Apple Developer Forums, where a developer thanks Apple for “the clarification about the 24 MB memory limit and jetsam-based termination”), others more on newer devices (“around 150–180 MB”, thread 807554), with no serviceExtensionTimeWillExpire() and no crash report. Backgrounder holds every device to 24 MB of the footprint the extension reports working on a push (push extension-memory), not a measure of its process"),
            test: "anExtensionOverItsMemoryLimitIsEndedAndTheOriginalShows"
        ) { _ in
            "A Notification Service Extension whose process uses more than "
                + "\(SystemStateMachine.serviceExtensionMemoryLimit >> 20) MB is ended by jetsam at once, without "
                + "serviceExtensionTimeWillExpire(): the original content shows ([service-extension-memory-limit])."
        },
        Rule(
            "service-extension-alerts-only", eras: 10...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Modifying content in newly delivered notifications”: “Notification service app extensions only operate on remote notifications that are configured to display an alert to the user. If alerts are disabled for your app, or if the payload specifies only the playing of a sound or the badging of an icon, the extension is not employed.”"),
            test: "silentPushesPushesWithoutMutableContentAndAppsWithoutAlertsSkipTheExtension"
        ) { _ in
            "A silent push, a push without mutable-content, and any push to an app whose alerts are not allowed "
                + "skip the extension."
        },
        Rule(
            "service-extension-era",
            origin: .iOS(source: "Apple, UNNotificationServiceExtension: iOS 10.0+"),
            test: "beforeIOS10MutableContentIsIgnored"
        ) { profile in
            profile.hasNotificationServiceExtensions
                ? "Notification Service Extensions exist (iOS 10 and later)."
                : "There are no Notification Service Extensions in \(profile.name): mutable-content is ignored and a push shows as sent."
        },
    ]
}
