import BackgroundWire

/// The user's and the system's actions that move the app between states, each delivering the
/// notifications iOS delivers, in iOS's order (Apple, "Managing your app's life cycle"; the
/// 2013 and 2016 tutorials' logs).
extension SystemStateMachine {
    /// Launches the app: into the foreground for ``LaunchReason/user`` (with its scene, for an
    /// app that uses scenes), into the background for every other reason. Nothing if the app
    /// is running.
    mutating func launch(reason: LaunchReason, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if reason == .location, appState == .notRunning, !fetch.launchesAllowed, profile.forceQuitStopsLocationLaunches {
            log("Location event: \(infoPlist.bundleName) is not launched: in iOS 7.0 an app the user swiped away is not "
                + "relaunched for location events until the user opens it (iOS 7.1 relaunches it)")
            return finish()
        }
        launch(reason: reason)
        return finish()
    }

    /// The Home button: an active app resigns active, enters the background, and is suspended
    /// unless something keeps it running. Nothing if the app is not on screen.
    package mutating func pressHome(at moment: Moment) -> [SystemEffect] {
        begin(moment)
        pressHome()
        return finish()
    }

    /// Tapping the app's icon or its card in the app switcher: a background or suspended app
    /// comes to the foreground; an app that is not running is launched.
    package mutating func openApp(at moment: Moment) -> [SystemEffect] {
        begin(moment)
        openApp()
        return finish()
    }

    /// An incoming phone call, shown as `presentation` (nil: the era's default, the banner from
    /// iOS 14, before it the full screen, the only way then). Full screen, an active app becomes
    /// inactive until the call is answered or ends; under the banner it stays active.
    package mutating func beginInterruption(presentation: CallPresentation?, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if !isInterrupted {
            let shown: CallPresentation = profile.hasIncomingCallBanner ? presentation ?? .banner : .fullScreen
            call = .ringing(shown)
            markChanged()
            log("Interruption began (incoming call)")
            if shown == .fullScreen {
                if appState == .active {
                    transition(to: .inactive)
                    deliver(.lifecycle(.willResignActive))
                }
            } else if appState == .active {
                log("The call shows as a banner: the app stays active")
            }
            emit(.announceInterruption(.began))
        }
        return finish()
    }

    /// The user answers the call: an app the call screen made inactive leaves the screen as with
    /// the Home button (didEnterBackground) and is suspended unless something keeps it running;
    /// under the banner the app stays on screen.
    package mutating func answerInterruption(at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if case .ringing(let shown) = call {
            call = .answered
            markChanged()
            log("Call answered")
            if shown == .fullScreen { pressHome() }
        }
        return finish()
    }

    /// The call ended (declined, ignored or hung up): an app the call screen made inactive
    /// becomes active again; an app an answered call sent to the background stays there. The
    /// services hear whether the call was answered.
    package mutating func endInterruption(at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if isInterrupted {
            let screenWasShown = callScreenShown
            let answered = call == .answered
            call = nil
            markChanged()
            log("Interruption ended")
            if screenWasShown, appState == .inactive {
                transition(to: .active)
                deliver(.lifecycle(.didBecomeActive))
            }
            emit(.announceInterruption(.ended(answered: answered)))
        }
        return finish()
    }

    /// Ends the app. A running app gets willTerminate and ends when its handler returns, or
    /// after the grace; an app on screen first leaves it as it does in the app switcher, where
    /// the user swipes it away: willResignActive (if active), then didEnterBackground — and,
    /// swiped away, an app that uses scenes hears sceneDidDisconnect (rule
    /// scene-disconnect-on-swipe). A suspended app is removed from memory without a word, as
    /// iOS does ("Suspended apps receive no notice when they are terminated").
    package mutating func terminate(_ cause: TerminationCause, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if appState != .notRunning {
            log(cause.consoleMessage)
            lastTermination = cause
            endingExit = .normal
            if cause == .user {
                fetch.launchesAllowed = false
                cancelTransfersForForceQuit()
            }
            endingOnScreen = appState.isForeground
            if appState.isForeground {
                if appState == .active {
                    transition(to: .inactive)
                    deliver(.lifecycle(.willResignActive))
                }
                transition(to: .background)
                deliver(.lifecycle(.didEnterBackground))
            }
            if appState.isRunning {
                if cause == .user { disconnectScene("the user closed the app in the app switcher") }
                endRun()
                deliver(.willTerminate)
                if let number = launch?.number {
                    _ = schedule(.terminationGrace(launch: number), after: profile.didEnterBackgroundGrace)
                }
            } else {
                end()
            }
        }
        return finish()
    }

    /// willTerminate returned: the process ends.
    package mutating func willTerminateReturned(ofLaunch number: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        finishTermination(ofLaunch: number)
        return finish()
    }

    /// The app crashes: its process ends at once, with no willTerminate, whatever its state.
    package mutating func crash(_ reason: String, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if appState != .notRunning {
            log(TerminationCause.crash(reason: reason).consoleMessage)
            kill(cause: .crash(reason: reason), exit: .abnormal)
        }
        return finish()
    }

    /// didEnterBackground began in the app: a launch's grace, armed while the app's process may
    /// still have been starting, counts from now.
    package mutating func didEnterBackgroundBegan(run runID: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if var run, run.id == runID, run.awaitingDidEnterBackground, run.waitsForHandler {
            run.waitsForHandler = false
            cancel(run.graceTimer)
            run.graceTimer = schedule(.didEnterBackgroundGrace(run: run.id), after: profile.didEnterBackgroundGrace)
            self.run = run
        }
        return finish()
    }

    /// didEnterBackground returned: the app may be suspended.
    package mutating func didEnterBackgroundReturned(run runID: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if var run, run.id == runID, run.awaitingDidEnterBackground {
            run.awaitingDidEnterBackground = false
            cancel(run.graceTimer)
            run.graceTimer = nil
            self.run = run
            suspendIfIdle()
        }
        return finish()
    }

    // MARK: The rules

    mutating func launch(reason: LaunchReason) {
        guard appState == .notRunning else { return }
        resumePrewarm()
        launchCount += 1
        let launch = AppLaunch(number: launchCount, reason: reason)
        self.launch = launch
        announceRestoration()
        transition(to: reason.isForeground ? .inactive : .background)
        if !reason.isForeground { beginRun(awaitingDidEnterBackground: true, launching: true) }
        deliver(.finishLaunching(reason))
        if reason.isForeground {
            if connectScene() { deliver(.lifecycle(.willEnterForeground)) }
            transition(to: .active)
            deliver(.lifecycle(.didBecomeActive))
            deliverHeldPushOnOpen()
        } else {
            if reason == .location, connectScene(inTheBackground: true) {
                log("The scene connects in the background to handle the location event")
            }
            deliverDidEnterBackground()
            deliverLaunchEvent(reason: reason)
        }
    }

    mutating func pressHome() {
        guard appState.isForeground else { return }
        if appState == .active {
            transition(to: .inactive)
            deliver(.lifecycle(.willResignActive))
        }
        if infoPlist.exitsOnSuspend, profile.honorsExitsOnSuspend {
            exitOnSuspend()
            return
        }
        transition(to: .background)
        beginRun(awaitingDidEnterBackground: true)
        deliverDidEnterBackground()
    }

    mutating func openApp() {
        switch appState {
        case .notRunning:
            launch(reason: .user)
        case .active, .inactive:
            break
        case .suspended, .background:
            transition(to: .background, firingOwedTimers: false)
            endRun()
            connectScene()
            deliver(.returnToForeground)
            transition(to: .inactive)
            if !callScreenShown {
                transition(to: .active)
                deliver(.lifecycle(.didBecomeActive))
            }
            // Back on screen, timers missed while suspended fire in the foreground.
            fireOwedAppTimers()
            deliverHeldPushOnOpen()
        }
    }

    /// `UIApplicationExitsOnSuspend` (iOS 4–12): an app leaving the screen never enters the
    /// background; applicationWillTerminate(_:) has about five seconds, then the process ends
    /// (App Programming Guide for iOS, “Opting Out of Background Execution”; rule exits-on-suspend).
    private mutating func exitOnSuspend() {
        guard let number = launch?.number else { return }
        log("UIApplicationExitsOnSuspend: \(infoPlist.bundleName) terminates instead of entering the background; "
            + "applicationWillTerminate(_:) has \(profile.didEnterBackgroundGrace.secondsText) s")
        lastTermination = .system(reason: "it exits on suspend (UIApplicationExitsOnSuspend)")
        endingExit = .normal
        endingOnScreen = true
        deliver(.willTerminate)
        _ = schedule(.terminationGrace(launch: number), after: profile.didEnterBackgroundGrace)
    }

    mutating func finishTermination(ofLaunch number: Int) {
        guard launch?.number == number else { return }
        end()
    }

    /// Kills the app at once, with no notification, as iOS kills an app that broke a rule;
    /// `exit` is how MetricKit counts it.
    mutating func kill(cause: TerminationCause, exit: AppExitReason) {
        lastTermination = cause
        endingExit = exit
        endRun()
        end()
    }

    /// Ends the app at once for overstaying its background time, with the words of iOS's crash
    /// report (the watchdog's 0x8badf00d; Apple, "Addressing watchdog terminations") — unless a
    /// debugger is attached, which disables the watchdog. From iOS 13 an overrun background task
    /// leaves no crash report, only MetricKit's count (WWDC 2020, "Why is my app getting killed?").
    mutating func watchdogKill(reason: String, exit: AppExitReason) {
        guard !debuggerAttached else {
            log("The watchdog would terminate the app now (\(reason)); a debugger is attached, so it goes on running")
            return
        }
        if exit == .backgroundTaskAssertionTimeout, !profile.overrunTasksLeaveCrashReports {
            log("No crash report: \(profile.name) leaves none for an app terminated for overrunning its background "
                + "time (\(reason))")
        } else {
            log("Exception Type: EXC_CRASH (SIGKILL) — Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d")
        }
        kill(cause: .system(reason: reason), exit: exit)
    }

    /// Clears everything the app's process held, its background run included; the app is not
    /// running afterwards.
    private mutating func end() {
        endRun()
        let exit = endingExit ?? .normal
        let onScreen = appState.isForeground || endingOnScreen
        endingExit = exit
        endingOnScreen = onScreen
        exits.count(exit, onScreen: onScreen)
        transition(to: .notRunning)
        sceneConnected = false
        endingExit = nil
        endingOnScreen = false
        let counter = "\(onScreen ? "MXForegroundExitData" : "MXBackgroundExitData").\(exit.metricKitCounter)"
        log(profile.hasAppExitMetrics
            ? "Exit reason: \(exit.rawValue) (MetricKit counts it in \(counter))"
            : "Exit reason: \(exit.rawValue) (\(profile.name) has no MetricKit exit counts; from iOS 14 it counts this in \(counter))")
        let ended = launch?.number
        launch = nil
        assertions.removeAll()
        activities.removeAll()
        eventTimeLimits.removeAll()
        for deadline in eventDeadlines.values { cancel(deadline) }
        eventDeadlines.removeAll()
        for record in appTimers.values { cancel(record.systemTimer) }
        appTimers.removeAll()
        cancelKeepAlive()
        cancel(screenWatchdog)
        screenWatchdog = nil
        endRunningTasks()
        endContinuedTasks()
        endNowPlaying()
        for inFlight in pushes.inFlight.values { cancel(inFlight.deadline) }
        pushes.inFlight.removeAll()
        pushes.launchPush = nil
        discardHeldPushOnEnd()
        keepOrDiscardPreservedState()
        endBackgroundSessionLaunch()
        if let ended { emit(.endLaunch(ended)) }
    }

    /// How many more graces a launched app whose handler has not begun gets (``graceEnded(run:)``).
    static let maximumGraceRearms = 3

    /// Delivers didEnterBackground, after which the app may be suspended.
    mutating func deliverDidEnterBackground() {
        guard let runID = run?.id else { return }
        deliver(.didEnterBackground(run: runID))
    }

    /// The didEnterBackground grace passed without the handler returning: the app failed to
    /// suspend in time and the watchdog terminates it.
    ///
    /// Backgrounder's model: the grace counts the app's own time. An app launched into the
    /// background whose didEnterBackground has not begun since — its own process still
    /// starting, or its launch's earlier work still queued, on a loaded machine — gets it again,
    /// up to ``maximumGraceRearms`` times, before the watchdog counts it against it; once the
    /// handler begins, the grace counts from then (``didEnterBackgroundBegan(run:at:)``).
    mutating func graceEnded(run runID: Int) {
        guard var run, run.id == runID, run.awaitingDidEnterBackground else { return }
        if run.waitsForHandler, run.graceRearms < Self.maximumGraceRearms {
            run.graceRearms += 1
            run.graceTimer = schedule(.didEnterBackgroundGrace(run: run.id), after: profile.didEnterBackgroundGrace)
            self.run = run
            return
        }
        run.awaitingDidEnterBackground = false
        run.graceTimer = nil
        self.run = run
        log("didEnterBackground did not return within \(profile.didEnterBackgroundGrace.secondsText) s")
        report(
            .didEnterBackgroundTimeout,
            "\(infoPlist.bundleIdentifier) failed to suspend in time: applicationDidEnterBackground(_:) did not return "
                + "within \(profile.didEnterBackgroundGrace.secondsText) s; return from it at once, and begin a background "
                + "task there for work that takes longer")
        watchdogKill(reason: "failed to suspend in time", exit: .appWatchdog)
    }
}
