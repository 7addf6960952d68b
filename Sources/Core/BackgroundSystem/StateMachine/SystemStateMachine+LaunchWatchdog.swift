import BackgroundWire

/// The launch watchdog: an app launched onto the screen must return from didFinishLaunching
/// within ``launchWatchdogAllowance``, and one brought back onto it from willEnterForeground,
/// or the watchdog ends it (Apple, “Addressing watchdog
/// terminations”: a crash report's `scene-create watchdog transgression … exhausted real (wall
/// clock) time allowance of 19.97 seconds`, code 0x8badf00d). The time counts from when the
/// app's code begins, as the didEnterBackground grace does: starting its process is not the
/// app's failure.
extension SystemStateMachine {
    /// The launch's allowance of wall-clock time: Apple's example report gives 19.97 s.
    static let launchWatchdogAllowance = Duration.seconds(20)

    /// The app's code began didFinishLaunching for launch `number`: a launch onto the screen has
    /// the allowance from now.
    package mutating func launchBegan(_ number: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard let launch, launch.number == number, launch.reason.isForeground else { return finish() }
        cancel(screenWatchdog)
        screenWatchdog = schedule(.launchWatchdog(launch: number), after: Self.launchWatchdogAllowance)
        return finish()
    }

    /// didFinishLaunching of launch `number` returned.
    package mutating func launchReturned(_ number: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if launch?.number == number {
            cancel(screenWatchdog)
            screenWatchdog = nil
        }
        return finish()
    }

    /// willEnterForeground of launch `number`, brought back onto the screen, began: it has the
    /// launch's allowance from now (its return is ``launchReturned(_:at:)``'s).
    package mutating func foregroundTransitionBegan(_ number: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard launch?.number == number, appState.isForeground || appState == .background else { return finish() }
        cancel(screenWatchdog)
        screenWatchdog = schedule(.foregroundWatchdog(launch: number), after: Self.launchWatchdogAllowance)
        return finish()
    }

    /// The allowance of launch `number`'s return to the screen is spent and willEnterForeground
    /// has not returned.
    mutating func foregroundWatchdogFell(launch number: Int) {
        let allowance = Self.launchWatchdogAllowance.secondsText
        watchdogFell(
            launch: number, .foregroundTimeout,
            "\(infoPlist.bundleIdentifier) did not return from willEnterForeground within \(allowance) s of being "
                + "brought back to the screen; the watchdog ends an app that blocks its main thread that long: do "
                + "slow work (the network, large files, database work) off the main thread",
            killing: "willEnterForeground took longer than \(allowance) s")
    }

    /// The allowance of launch `number` is spent and didFinishLaunching has not returned.
    mutating func launchWatchdogFell(launch number: Int) {
        let allowance = Self.launchWatchdogAllowance.secondsText
        watchdogFell(
            launch: number, .launchTimeout,
            "scene-create watchdog transgression: \(infoPlist.bundleIdentifier) exhausted real (wall clock) time allowance "
                + "of \(allowance) s: didFinishLaunching did not return; do only what the first screen needs there, and "
                + "move slow work (the network, large files, database migrations) off the main thread",
            killing: "launch took longer than \(allowance) s (scene-create watchdog)")
    }

    /// The screen watchdog of launch `number` fell: `rule` is reported with `message`, and the
    /// app ended for `reason`.
    private mutating func watchdogFell(launch number: Int, _ rule: DiagnosticRule, _ message: String, killing reason: String) {
        screenWatchdog = nil
        guard launch?.number == number else { return }
        report(rule, message)
        watchdogKill(reason: reason, exit: .appWatchdog)
    }
}
