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
    ]
}
