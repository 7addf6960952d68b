import BackgroundWire

extension Rule {
    /// States, launches, Home, calls and termination (`SystemStateMachine+Lifecycle.swift`).
    static let lifecycle: [Rule] = [
        Rule(
            "launch-order",
            origin: .iOS(source: "Apple, “Managing your app’s life cycle”"),
            test: "userLaunchMakesTheAppActiveAfterDidFinishLaunching"
        ) { _ in
            "A user launch takes the app from not running to inactive (didFinishLaunching), then active "
                + "(didBecomeActive). Any other launch starts it in the background: didFinishLaunching, then "
                + "didEnterBackground, then the event it was launched for."
        },
        Rule(
            "home-order",
            origin: .iOS(source: "Apple, “Managing your app’s life cycle” and “About the background execution sequence”"),
            test: "homeResignsEntersBackgroundAndSuspendsAnIdleApp"
        ) { _ in
            "The Home button: willResignActive (active → inactive), then didEnterBackground (background); the "
                + "app is suspended soon after unless something keeps it running."
        },
        Rule(
            "did-enter-background-time",
            origin: .iOS(source: "Apple, UIApplicationDelegate applicationDidEnterBackground(_:): “approximately five seconds … If the method does not return before time expires, your app is terminated and purged from memory”"),
            test: "aDidEnterBackgroundThatNeverReturnsGetsTheAppTerminated"
        ) { profile in
            "didEnterBackground has \(profile.didEnterBackgroundGrace.secondsText) s to return; an app whose "
                + "handler has not returned by then is terminated (0x8badf00d, failed to suspend in time)."
        },
        Rule(
            "launch-watchdog",
            origin: .iOS(source: "Apple, “Addressing watchdog terminations”: “The operating system employs a watchdog that monitors launch times and app responsiveness, and terminates unresponsive apps”, code 0x8badf00d; its example report: “scene-create watchdog transgression … exhausted real (wall clock) time allowance of 19.97 seconds | ProcessVisibility: Foreground”. Counting from the app's code rather than its process's start, and watching only launches onto the screen, is Backgrounder's model"),
            test: "aLaunchThatTakesLongerThanTwentySecondsIsEndedByTheWatchdog"
        ) { _ in
            "A launch onto the screen whose didFinishLaunching has not returned \(SystemStateMachine.launchWatchdogAllowance.secondsText) s "
                + "after the app's code began is ended by the watchdog (0x8badf00d, a [launch-timeout] diagnostic, "
                + "exit appWatchdog); not under a debugger."
        },
        Rule(
            "foreground-watchdog",
            origin: .iOS(source: "WWDC 2020, “Why is my app getting killed?”: watchdog terminations are timeouts during key transitions — launching (application(_:didFinishLaunchingWithOptions:)), going to the background (applicationDidEnterBackground(_:)) and coming back to the foreground (applicationWillEnterForeground(_:)) — of around 20 seconds, disabled in the Simulator and under the debugger (the session's slide, as WWDC Notes' summary of it records: “It has time limit around 20 seconds during transition”); Apple, “Addressing watchdog terminations”: 0x8badf00d. Counting the 20 s from when willEnterForeground begins is Backgrounder's model"),
            test: "aReturnToTheScreenThatBlocksWillEnterForegroundIsEndedByTheWatchdog"
        ) { _ in
            "An app brought back onto the screen whose willEnterForeground has not returned "
                + "\(SystemStateMachine.launchWatchdogAllowance.secondsText) s after it began is ended by the watchdog "
                + "(0x8badf00d, a [foreground-timeout] diagnostic, exit appWatchdog); not under a debugger."
        },
        Rule(
            "launch-grace-waits-for-app-code",
            origin: .model(reason: "a launched app's own process, and its launch's work before the handler, can take seconds on a loaded machine; that time is not the app's failure to return"),
            test: "aLaunchedAppWhoseCodeHasNotRunYetGetsTheGraceAgainUpToThreeTimes"
        ) { profile in
            "An app launched into the background whose didEnterBackground has not begun when the "
                + "\(profile.didEnterBackgroundGrace.secondsText) s grace passes gets it again, three times at most (then the "
                + "watchdog terminates it as above); once the handler begins, the grace counts from then."
        },
        Rule(
            "lock-and-unlock", eras: 5...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, App Programming Guide for iOS, “Handling App State Transitions”: “Pressing the Sleep/Wake button is another type of interruption that causes your app to be deactivated temporarily. When the user presses this button, the system disables touch events, moves the app to the background but sets the value of the app’s applicationState property to UIApplicationStateInactive … and finally locks the screen”; UIApplication.willResignActiveNotification: an app “loses focus … when the device is locked, and gains focus when the device is unlocked”"),
            test: "unlockingTheScreenBringsBackTheAppThatWasOnIt"
        ) { _ in
            "Locking the screen sends the app on it to the background as the Home button does; unlocking brings "
                + "that app back to the foreground (willEnterForeground, didBecomeActive) if it still runs. An app "
                + "that was not on screen when the device locked stays where it is."
        },
        Rule(
            "prewarming", eras: 15...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “About the app launch sequence”, “Prepare your app for prewarming”: “In iOS 15 and later, the system may, depending on device conditions, prewarm your app — launch nonrunning application processes to reduce the amount of time the user waits before the app is usable. Prewarming executes an app’s launch sequence up until, but not including, when main() calls UIApplicationMain(_:_:_:_:)”; “After the system prewarms your app, its launch sequence remains in a paused state until the app launches, or the system removes the prewarmed app from memory to reclaim resources. The system can prewarm your app after a device reboot”; “keychain items may be unavailable because their data protection policies require an unlocked device”. When the system prewarms is Backgrounder's model: only when told (device prewarm)"),
            test: "aPrewarmedLaunchContinuesFromUIApplicationMain"
        ) { _ in
            "The system may prewarm an app that is not running (device prewarm): its launch sequence runs up to, but not "
                + "including, UIApplicationMain — before the first unlock after a restart, with protected data unavailable "
                + "to the code that runs — and pauses; the next launch, by the user or the system, continues from there. "
                + "Memory pressure or a restart removes the prewarmed process."
        },
        Rule(
            "state-restoration", eras: 6...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Preserving your app’s UI across launches”: “a prolonged interruption might cause the system to terminate your app to free up resources. However, users don’t know that your app has been terminated … they expect your app to be in the same state as when they left it”; UIKit preserves the view controllers with a restorationIdentifier and “when your app is terminated and relaunched later, UIKit reconstructs your views and view controllers from the preserved data”; sample code StateRestoreChildViews: “the system automatically deletes an app’s preserved state when the user force quits the app”; a scene's stateRestorationActivity (iOS 13); WWDC 2020, “Why is my app getting killed?”: state restoration makes terminations less jarring. Handing the archive back after didFinishLaunching, as a scene gets it when it connects, whatever the era, is Backgrounder's model"),
            test: "aPreservedStateComesBackAfterTheSystemEndedTheAppButNotAfterTheUserDid"
        ) { _ in
            "What the app preserves when it leaves the screen (preserveState: the restoration identifiers of what showed, "
                + "its own data) comes back at the next launch after the system ended it — jetsam, a crash, a restart — "
                + "(restoredState, read in didFinishLaunching), and the console says what was restored; after the user "
                + "swiped the app away the system discards it."
        },
        Rule(
            "exits-on-suspend", eras: 4...12,
            origin: .iOS(source: "Apple, App Programming Guide for iOS, “Opting Out of Background Execution”: with UIApplicationExitsOnSuspend set to YES “it cycles between the not running, inactive, and active states and never enters the background or suspended states. When the user taps the Home button to quit the application, the applicationWillTerminate: method of the application delegate is called and the application has approximately five seconds to clean up and exit”; the key is deprecated in iOS 13, when Backgrounder stops honoring it"),
            test: "anAppThatExitsOnSuspendTerminatesInsteadOfEnteringTheBackground"
        ) { profile in
            "An app whose Info.plist sets UIApplicationExitsOnSuspend never enters the background: leaving the screen it "
                + "resigns active, hears applicationWillTerminate, and ends when it returns or after "
                + "\(profile.didEnterBackgroundGrace.secondsText) s."
        },
        Rule(
            "force-quit-stops-location-launches-in-ios-7-0", eras: 7...7,
            origin: .model(reason: "no Apple text; in iOS 7.0 an app the user force quit was not relaunched for region or significant-change events, which iOS 7.1 restored (MacRumors, “iOS 7.1 to fix geolocation issue that broke location-based apps”, 2014: “In iOS 7, when a user force quits the app, all location-aware background services were disabled”). Backgrounder's iOS 7 profile stands for 7.0 here"),
            test: "inIOS7AnAppTheUserSwipedAwayIsNotRelaunchedForLocation"
        ) { _ in
            "An app the user swiped away is not launched for a region crossing or a significant change until the user "
                + "opens it (iOS 7.0; iOS 7.1 and later relaunch it)."
        },
        Rule(
            "lock-resigns-active-on-ios-4", eras: 4...4,
            origin: .model(reason: "no Apple text for iOS 4 says what a lock does; developers on iOS 4 devices saw only willResignActive on the lock and didBecomeActive on the unlock, and didEnterBackground and willEnterForeground from iOS 5 (Stack Overflow, “Is it possible to distinguish between locking the device and sending an app to background?”, 2011), which Backgrounder follows"),
            test: "onIOS4LockingTheScreenOnlyResignsActive"
        ) { _ in
            "Locking the screen makes the app on it resign active, and it stays on screen under the lock, running; "
                + "unlocking makes it active again (didBecomeActive), with no didEnterBackground or willEnterForeground."
        },
        Rule(
            "interruption-inactive",
            origin: .iOS(source: "Apple, UIApplication.State.inactive and “Managing your app’s life cycle”: an incoming phone call makes the app inactive; Audio Session Programming Guide, “Responding to Interruptions”: “Your app may be suspended following an interruption. This happens when a user accepts a phone call. If a user instead ignores a call … your app continues running”"),
            test: "anAnsweredCallSendsTheAppToTheBackgroundWhereItIsSuspended"
        ) { profile in
            (profile.hasIncomingCallBanner ? "An incoming call shown full screen (Incoming Calls: Full Screen in Settings) " : "An incoming call ")
                + "makes an active app inactive (willResignActive). Answered, it sends the app to the background "
                + "(didEnterBackground), where it is suspended unless something keeps it running, and the call's end "
                + "leaves it there; declined or ignored, the call's end makes the app active again."
        },
        Rule(
            "call-banner-leaves-the-app-active", eras: 14...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "from iOS 14 an incoming call shows as a banner while the iPhone is in use (Settings ▸ Phone ▸ Incoming Calls: Banner, the default, or Full Screen); Apple documents the banner for users, not what it does to the app under it: that it leaves the app active, like a notification's banner, and that the call still interrupts the app's audio session, is Backgrounder's model"),
            test: "aCallShownAsABannerLeavesTheAppActive"
        ) { _ in
            "An incoming call shows as a banner by default and the app under it stays active; its audio session is "
                + "still interrupted. Answering in the banner keeps the app on screen."
        },
        Rule(
            "suspended-terminated-silently",
            origin: .iOS(source: "Apple, applicationWillTerminate(_:): not called for an app that is suspended; “About the background execution sequence”"),
            test: "aSuspendedAppIsTerminatedWithoutAWord"
        ) { _ in
            "A suspended app that is terminated gets no notice; willTerminate reaches only a running app."
        },
        Rule(
            "terminate-from-the-foreground",
            origin: .model(reason: "Apple, applicationWillTerminate(_:), says willTerminate reaches an app that is running, not suspended, and “Managing your app’s life cycle” has an app leave the foreground through inactive and then background; the calls a swipe in the app switcher delivers Apple does not list. Backgrounder delivers those of leaving the screen (the app switcher makes the app inactive), then willTerminate"),
            test: "swipingAwayAnActiveAppResignsEntersTheBackgroundThenGetsWillTerminate"
        ) { _ in
            "An app on screen that is terminated leaves it first, as in the app switcher: willResignActive "
                + "(active → inactive), didEnterBackground (background), then willTerminate."
        },
        Rule(
            "will-terminate-time",
            origin: .iOS(source: "Apple, applicationWillTerminate(_:): “approximately five seconds … the system may terminate the process altogether”"),
            test: "terminatingARunningAppDeliversWillTerminate"
        ) { profile in
            "willTerminate has \(profile.didEnterBackgroundGrace.secondsText) s; then the process ends whether it "
                + "returned or not."
        },
        Rule(
            "time-remaining-in-the-foreground",
            origin: .iOS(source: "Apple, UIApplication.backgroundTimeRemaining: “The value is valid only after the app enters the background and has started at least one task”; the value it reads before, DBL_MAX, is not Apple's figure but what developers read on devices: Vandad Nahavandipoor, iOS 5 Programming Cookbook (O'Reilly, 2012): “When your application is in the foreground, the backgroundTimeRemaining property of UIApplication is equal to the DBL_MAX constant”, and the asker of “BackgroundTaskWithExpirationHandler: thread too short?” on Apple Developer Forums, who reads 1.797693134862316e+308"),
            test: "timeRemainingIsTheGreatestFiniteValueInTheForeground"
        ) { _ in
            "In the foreground backgroundTimeRemaining is DBL_MAX (1.7976931348623157e308), not infinity."
        },
    ]
}
