extension Rule {
    /// Remote notifications, Newsstand and VoIP pushes (`SystemStateMachine+Push.swift`,
    /// `SystemStateMachine+VoIPPush.swift`).
    static let push: [Rule] = [
        Rule(
            "background-push-wakes-the-app", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, application(_:didReceiveRemoteNotification:fetchCompletionHandler:): “Your app has up to 30 seconds of wall-clock time to process the notification and call the specified completion handler block”; “Pushing background updates to your app”: the Remote notifications background mode"),
            test: "aBackgroundPushWakesTheSuspendedAppIntoItsHandler"
        ) { profile in
            "A content-available push wakes a suspended app (or launches it into the background) into "
                + "didReceiveRemoteNotification(_:fetchCompletionHandler:), which has \(profile.fetchBudget.secondsText) s "
                + "to call its completion handler with newData, noData or failed; a background app that does not is terminated."
        },
        Rule(
            "background-push-needs-the-mode", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Pushing background updates to your app”: enable the Remote notifications background mode"),
            test: "withoutTheRemoteNotificationModeABackgroundPushIsNotDelivered"
        ) { _ in
            "The system wakes the app for a background push only with remote-notification in UIBackgroundModes."
        },
        Rule(
            "background-push-priority",
            origin: .iOS(source: "Apple, “Sending notification requests to APNs” (apns-priority) and “Pushing background updates to your app”: background notifications use priority 5; priority 10 for a push with only content-available is an error"),
            test: "backgroundPushesAtPriority10AreRefused"
        ) { _ in
            "A background push must be sent with apns-priority 5; the gateway refuses priority 10 (BadPriority)."
        },
        Rule(
            "background-push-throttle", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple says the system may throttle background notifications and “don't try to send more than two or three per hour”, with no numbers for the throttle; three per rolling hour, the rest held and only the latest delivered when the hour frees, is Backgrounder's"),
            test: "backgroundPushesBeyondThreeAnHourAreHeldAndTheLatestComesLater"
        ) { _ in
            "At most three background pushes an hour reach an app in the background; later ones wait, only the latest is kept, and it comes when the hour frees."
        },
        Rule(
            "push-stored-while-offline",
            origin: .iOS(source: "Apple, “Sending notification requests to APNs”: APNs stores a notification it cannot deliver and “stores only one notification per bundle ID”, in most cases the latest"),
            test: "whileOfflineAPNsKeepsOnlyTheLastPush"
        ) { _ in
            "While the device is offline APNs keeps only the last push for the app and delivers it when the device is back online."
        },
        Rule(
            "push-collapse-id",
            origin: .iOS(source: "Apple, “Sending notification requests to APNs” (apns-collapse-id): notifications with the same collapse identifier are displayed to the user as a single notification"),
            test: "alertPushesWithTheSameCollapseIDShowAsOne"
        ) { _ in
            "An alert push replaces the notification of an earlier one with the same apns-collapse-id."
        },
        Rule(
            "push-expiration",
            origin: .iOS(source: "Apple, “Sending notification requests to APNs” (apns-expiration): APNs stores the notification until the date; with 0 it attempts delivery once and does not store it"),
            test: "anExpiredPushIsDroppedAndOneThatExpiresAtOnceIsNotStoredWhileOffline"
        ) { _ in
            "A push whose apns-expiration has passed is not delivered; one with apns-expiration 0 is delivered at once or never."
        },
        Rule(
            "swiped-away-apps-get-no-background-pushes", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "WWDC 2020 “Background execution demystified”: after the user force quits an app from the app switcher, background pushes do not launch it until the user opens it"),
            test: "aSwipedAwayAppIsNotLaunchedByABackgroundPush"
        ) { _ in
            "A background push does not launch an app the user swiped away in the app switcher."
        },
        Rule(
            "low-power-mode-defers-background-pushes", eras: 9...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple names the device's power state among what decides when background pushes come (“Sending notification requests to APNs”; WWDC 2020 “Background execution demystified”), without a rule; holding them until Low Power Mode ends is Backgrounder's"),
            test: "lowPowerModeDefersBackgroundPushes"
        ) { _ in
            "In Low Power Mode background pushes wait (the latest one) until Low Power Mode ends."
        },
        Rule(
            "alert-push-banner",
            origin: .iOS(source: "Apple, UNUserNotificationCenterDelegate.userNotificationCenter(_:willPresent:withCompletionHandler:) (iOS 10), application(_:didReceiveRemoteNotification:) before"),
            test: "anAlertPushShowsABannerOrIsHandedToTheActiveApp"
        ) { profile in
            profile.iOSVersion >= 10
                ? "An alert push shows a banner; while the app is active it is handed to willPresent, which chooses whether the banner shows."
                : "An alert push shows a banner; while the app is active no banner appears and the app is told."
        },
        Rule(
            "newsstand-push-once-a-day", eras: 5...16,
            origin: .iOS(source: "Apple, Newsstand Kit Framework Reference (a push launches the app in the background to download an issue) and Technical Note TN2280 “Newsstand FAQ”: one background download in a 24-hour period, unless the development user default NKDontThrottleNewsstandContentNotifications is set"),
            test: "aNewsstandPushLaunchesTheAppOnceEvery24Hours"
        ) { _ in
            "A content-available push to a Newsstand app launches or wakes it in the background to start the issue's download, at most once every 24 hours unless the development override is set."
        },
        Rule(
            "voip-push-wakes-the-app", eras: 8...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Responding to VoIP Notifications from PushKit”: the device wakes the app, or launches it, for a VoIP push; PKPushRegistryDelegate"),
            test: "aVoIPPushLaunchesTheAppEvenAfterTheUserSwipedItAway"
        ) { _ in
            "A VoIP push wakes or launches the app into pushRegistry(_:didReceiveIncomingPushWith:for:completion:), even after the user swiped it away."
        },
        Rule(
            "voip-push-needs-a-call", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, PKPushType.voIP: “the system terminates your app if you fail to report these notifications to CallKit. If your app repeatedly fails to report VoIP notifications to CallKit, the system stops launching your app for VoIP push notifications”"),
            test: "aVoIPPushWithoutACallGetsTheAppTerminated"
        ) { _ in
            "A VoIP push's handler must report a call to CallKit before it completes, or the app is terminated."
        },
        Rule(
            "voip-pushes-stop-after-repeated-failures", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple says repeated failures stop VoIP pushes without saying how many; three is Backgrounder's"),
            test: "threeVoIPPushesWithoutACallStopVoIPPushes"
        ) { _ in
            "After three VoIP pushes without a call the system stops delivering VoIP pushes to the app, and says so."
        },
    ]
}
