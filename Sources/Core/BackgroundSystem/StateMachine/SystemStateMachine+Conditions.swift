import BackgroundWire

/// The device's conditions; background work follows at once: a task that needs what was lost
/// expires, waiting work may start, and the app is told (Apple, `BGProcessingTaskRequest`'s
/// requirements, `ProcessInfo.isLowPowerModeEnabled`, `thermalState`,
/// `backgroundRefreshStatus`; WWDC 2020 "Background execution demystified").
extension SystemStateMachine {
    /// Sets one condition, with the console line that says so; `notice` is what the app is
    /// told, if anything.
    package mutating func setCondition<Value: Equatable>(
        _ condition: WritableKeyPath<DeviceConditions, Value>, to value: Value, _ message: String,
        notice: SystemNotification? = nil, at moment: Moment
    ) -> [SystemEffect] {
        begin(moment)
        if conditions[keyPath: condition] != value {
            conditions[keyPath: condition] = value
            markChanged()
            log(message)
            conditionsChanged()
            if let notice { deliver(.systemNotification(notice)) }
        }
        return finish()
    }

    /// The side button: the screen locks, and an app on screen resigns active and enters the
    /// background as with the Home button (rule lock-and-unlock) — on iOS 4 it only resigns
    /// active (rule lock-resigns-active-on-ios-4); protected data becomes unavailable shortly
    /// after (rule protected-data-after-lock).
    package mutating func lockScreen(at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if !conditions.isScreenLocked {
            conditions.isScreenLocked = true
            markChanged()
            log("Screen locked")
            lockedOverLaunch = appState.isForeground ? launch?.number : nil
            protectedDataLockBegan()
            if profile.lockSendsTheAppToTheBackground {
                pressHome()
            } else if appState == .active {
                transition(to: .inactive)
                deliver(.lifecycle(.willResignActive))
            }
            publishNowPlaying()
            conditionsChanged()
        }
        return finish()
    }

    /// The user unlocks the screen: the device is in use again, protected data is available, and
    /// the app that was on screen when it locked comes back to it, if that launch still runs
    /// (rule lock-and-unlock).
    package mutating func unlockScreen(at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if conditions.isScreenLocked {
            conditions.isScreenLocked = false
            markChanged()
            log("Screen unlocked")
            let overLaunch = lockedOverLaunch != nil && lockedOverLaunch == launch?.number
            let returning = overLaunch && !appState.isForeground
            protectedDataUnlocked(returning: returning)
            if returning {
                openApp()
            } else if overLaunch, appState == .inactive, !callScreenShown {
                // iOS 4: the app stayed on screen, inactive, under the lock.
                transition(to: .active)
                deliver(.lifecycle(.didBecomeActive))
            }
            lockedOverLaunch = nil
            deliverActionAwaitingUnlock()
            publishNowPlaying()
            conditionsChanged()
        }
        return finish()
    }

    /// The device restarts: the app, if it runs, is ended at once without a word (its process
    /// goes with the system's), and the device comes back on its lock screen, not unlocked since
    /// it booted, so protected data of every class but none is unavailable until the first unlock
    /// (rule protected-data-before-first-unlock). What the system keeps — the pending task
    /// requests, the fetch interval, the geofences — stays, and the app may be launched in the
    /// background at once.
    package mutating func restart(at moment: Moment) -> [SystemEffect] {
        begin(moment)
        log("Device restarting")
        if appState != .notRunning {
            let cause = TerminationCause.system(reason: "the device restarted")
            log(cause.consoleMessage)
            kill(cause: cause, exit: .normal)
        }
        conditions.isScreenLocked = true
        lockedOverLaunch = nil
        notifications.awaitingUnlock = nil
        discardPrewarm("the device restarted")
        pushes.restartedAt = now
        if !fetch.launchesAllowed {
            fetch.launchesAllowed = true
            log("The restart lifts the force quit: the system may launch the app in the background again")
        }
        markChanged()
        log("Device restarted: the screen is locked")
        protectedDataRestarted()
        publishNowPlaying()
        conditionsChanged()
        return finish()
    }

    private mutating func conditionsChanged() {
        expireTasksLackingConditions()
        continuedTasksFollowConditions()
        planBackgroundFetch()
        planTasks()
        releaseHeldPush()
        startWaitingTransfers()
    }
}
