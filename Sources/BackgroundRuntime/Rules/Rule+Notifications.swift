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
            origin: .iOS(source: "Apple, UNNotificationActionOptions.authenticationRequired: “The action can be performed only on an unlocked device”"),
            test: "anActionThatNeedsAuthenticationWaitsForTheUnlock"
        ) { _ in
            "An action with .authenticationRequired cannot be chosen while the device is locked: the system asks for "
                + "the passcode first, and the app hears nothing until the user unlocks and chooses it again. Without "
                + "the option a background action runs on a locked device (with protected data unavailable)."
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
