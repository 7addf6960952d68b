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
            origin: .model(reason: "Apple, “Addressing watchdog terminations”: the watchdog “monitors launch times and app responsiveness, and terminates unresponsive apps”; “The watchdog terminates apps that block the main thread for a significant time”. WWDC 2020, “Why is my app getting killed?”, names the watchdog's timeouts during transitions (launching, entering the background, entering the foreground); the 20 s for willEnterForeground is the launch's, counted from when it begins, and Backgrounder's: no Apple text read here gives a figure for it"),
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
            "lock-and-unlock",
            origin: .iOS(source: "Apple, UIApplication.willResignActiveNotification: an app “loses focus … when the device is locked, and gains focus when the device is unlocked”"),
            test: "unlockingTheScreenBringsBackTheAppThatWasOnIt"
        ) { _ in
            "Locking the screen sends the app on it to the background as the Home button does; unlocking brings "
                + "that app back to the foreground (willEnterForeground, didBecomeActive) if it still runs. An app "
                + "that was not on screen when the device locked stays where it is."
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
            origin: .iOS(source: "Apple Developer Forums, “BackgroundTaskWithExpirationHandler: thread too short?” (DTS): backgroundTimeRemaining reads 1.797693134862316e+308 before the app is in the background"),
            test: "timeRemainingIsTheGreatestFiniteValueInTheForeground"
        ) { _ in
            "In the foreground backgroundTimeRemaining is DBL_MAX (1.7976931348623157e308), not infinity."
        },
    ]
}
