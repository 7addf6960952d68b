import BackgroundWire

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
            "A background push does not launch an app the user swiped away in the app switcher, until the user opens "
                + "it or restarts the device."
        },
        Rule(
            "a-restart-lifts-the-force-quit", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, application(_:didReceiveRemoteNotification:fetchCompletionHandler:): “the system does not automatically launch your app if the user has force-quit it. In that situation, the user must relaunch your app or restart the device before the system attempts to launch your app automatically again.” That the restart lifts it for fetches and BGTaskScheduler tasks too is Backgrounder's model"),
            test: "aRestartLiftsTheForceQuitForBackgroundPushes"
        ) { _ in
            "Restarting the device (device reboot) lifts the force quit: background pushes, fetches and background "
                + "tasks may launch the app again without the user opening it."
        },
        Rule(
            "background-pushes-wait-after-a-restart", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "no Apple text says so; developers found background pushes held back for a while after a restart, and a device log of dasd shows their launch refused by ThunderingHerdPolicy with “timeSinceThunderingHerdTriggerEvent < 300” (Stack Overflow, “iOS silent push notification not delivered after device reboot”); Backgrounder holds them for 300 s after device reboot, then delivers the latest"),
            test: "backgroundPushesWaitOutTheQuietTimeAfterARestart"
        ) { _ in
            "For \(SystemStateMachine.quietTimeAfterRestart.secondsText) s after the device restarts, background pushes "
                + "wait (the latest is kept, status held afterRestart); then it comes."
        },
        Rule(
            "background-app-refresh-stops-background-pushes", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "WWDC 2020, “Background execution demystified”: background pushes are subject to every factor of background runtime but app usage, the Background App Refresh switch among them (the session's table of factors by mode). That it held from iOS 7, when the switch came, is Backgrounder's reading"),
            test: "backgroundAppRefreshOffStopsBackgroundPushes"
        ) { _ in
            "With Background App Refresh off or restricted, for all apps or for the app, a background push neither "
                + "wakes nor launches the app: it is dropped, and the console says why. An app on screen still gets it."
        },
        Rule(
            "a-held-background-push-comes-on-open-and-goes-with-the-app", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Pushing background updates to your app”: “the system may hold and delay the delivery of the notification, which can have the following side effects: When the system receives a new background notification, it discards the older notification and only holds the newest one. If something force quits or kills the app, the system discards the held notification. If the user launches the app, the system immediately delivers the held notification.”"),
            test: "aHeldBackgroundPushComesWhenTheUserOpensTheAppAndGoesWithTheApp"
        ) { _ in
            "A background push the device holds (throttled, or in Low Power Mode) is delivered at once when the user "
                + "launches or opens the app, and discarded when the app's launch ends, whatever ends it. One APNs stores "
                + "while the device is offline stays for the network."
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
        Rule(
            "apns-answers-echo-the-request",
            origin: .iOS(source: "Apple, “Handling notification responses from APNs”: apns-id is “the same value found in the apns-id key of the request's header”, or a new UUID when the request has none; apns-unique-id comes only from the development environment; a 200 has an empty body, an error a JSON dictionary with its reason"),
            test: "answersEchoTheRequestsApnsIdExactlyAndCarryAUniqueIdInDevelopment"
        ) { _ in
            "The push gateway answers with the request's apns-id exactly as sent (a new UUID when none), an apns-unique-id on a 200 (it is the development environment), and {\"reason\": …} on an error."
        },
        Rule(
            "apns-unregistered-timestamp",
            origin: .iOS(source: "Apple, “Handling notification responses from APNs”: 410 Unregistered, “the device token is inactive for the specified topic”, with timestamp, the time in milliseconds since the epoch at which APNs confirmed it was no longer valid"),
            test: "aTokenTheAppGaveUpIsUnregisteredWithATimestamp"
        ) { _ in
            "A push to a token the app no longer has is refused with 410 Unregistered and the timestamp, in milliseconds, of when it stopped being valid."
        },
        Rule(
            "apns-goaway-reason",
            origin: .iOS(source: "Apple, “Handling notification responses from APNs”: when APNs ends a connection it sends a GOAWAY frame whose payload is JSON with a reason key (IdleTimeout, Shutdown); after how long a silent connection is ended is Backgrounder's model (--push-idle-timeout, 300 s)"),
            test: "answersEchoTheRequestsApnsIdExactlyAndCarryAUniqueIdInDevelopment"
        ) { _ in
            "The push gateway ends a silent connection with GOAWAY {\"reason\":\"IdleTimeout\"}, and its connections with {\"reason\":\"Shutdown\"} when it stops."
        },
        Rule(
            "provider-token-names-key-and-team", eras: 10...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Establishing a token-based connection to APNs”: an ES256 JSON web token whose header names the key in kid (the 10-character Key ID) and whose claims name the team in iss and the time in iat; a token that fails is refused with 403 InvalidProviderToken (“Handling notification responses from APNs”)"),
            test: "alertBackgroundAndVoIPPushesAndTheRefusalsAPNsGives"
        ) { _ in
            "With --push-key, each request's provider token must be ES256, signed with the key, and name its Key ID (kid) and a Team ID (iss); any other is refused with 403 InvalidProviderToken."
        },
        Rule(
            "provider-token-expires-after-an-hour", eras: 10...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Establishing a token-based connection to APNs”: “APNs rejects any request whose token contains a timestamp that is more than one hour old”; 403 ExpiredProviderToken (“Handling notification responses from APNs”)"),
            test: "aTokenIssuedOverAnHourAgoIsExpired"
        ) { _ in
            "A provider token issued over an hour ago is refused with 403 ExpiredProviderToken."
        },
        Rule(
            "provider-token-refresh-every-20-minutes", eras: 10...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Establishing a token-based connection to APNs”: “Refresh your token no more than once every 20 minutes”; 429 TooManyProviderTokenUpdates, “the provider's authentication token is being updated too often” (“Handling notification responses from APNs”); counting the 20 minutes on one connection is Backgrounder's model"),
            test: "aNewTokenOnTheSameConnectionWithinTwentyMinutesIsTooManyProviderTokenUpdates"
        ) { _ in
            "A new provider token on a connection less than 20 minutes after its last one is refused with 429 TooManyProviderTokenUpdates."
        },
    ]
}
