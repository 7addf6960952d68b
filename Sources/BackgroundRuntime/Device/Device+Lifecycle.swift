/// The user's and the system's actions that move the app between states, each delivering the
/// notifications iOS delivers, in iOS's order.
extension Device {
    /// Launches the app: into the foreground for ``LaunchReason/user``, into the background
    /// for every other reason. Does nothing if the app is running.
    public func launch(reason: LaunchReason = .user) {
        mutate { state in
            guard state.appState == .notRunning else { return }
            state.launchCount += 1
            let launch = AppLaunch(number: state.launchCount, reason: reason)
            state.launch = launch
            transition(&state, to: reason.isForeground ? .inactive : .background)
            if !reason.isForeground { beginRun(&state, awaitingDidEnterBackground: true) }
            let makeDelegate = self.makeDelegate
            executor.post(by: executorOwner) { [weak self] in
                guard let self else { return }
                let application = Application(device: self, launchNumber: launch.number, launchReason: reason)
                let delegate = makeDelegate(application)
                let attached = self.state.withLock { state in
                    guard state.launch?.number == launch.number else { return false }
                    state.launch?.application = application
                    state.launch?.delegate = delegate
                    return true
                }
                guard attached else { return }
                application.finishLaunching(delegate: delegate)
            }
            if reason.isForeground {
                transition(&state, to: .active)
                post(to: launch) { $0.deliver(.didBecomeActive) }
            } else {
                deliverDidEnterBackground(&state)
                deliverLaunchEvent(&state, reason: reason)
            }
        }
        settle()
    }

    /// The Home button: an active app resigns active, enters the background, and is suspended
    /// unless something keeps it running. Does nothing if the app is not on screen.
    public func pressHome() {
        mutate { state in
            guard state.appState.isForeground else { return }
            if state.appState == .active {
                transition(&state, to: .inactive)
                post(to: state.launch) { $0.deliver(.willResignActive) }
            }
            transition(&state, to: .background)
            beginRun(&state, awaitingDidEnterBackground: true)
            deliverDidEnterBackground(&state)
        }
        settle()
    }

    /// Tapping the app's icon or its card in the app switcher: a background or suspended app
    /// comes to the foreground; an app that is not running is launched.
    public func openApp() {
        let isRunning = mutate { state -> Bool in
            switch state.appState {
            case .notRunning:
                return false
            case .active, .inactive:
                return true
            case .suspended, .background:
                transition(&state, to: .background, firingOwedTimers: false)
                endRun(&state)
                post(to: state.launch) { $0.deliver(.willEnterForeground) }
                transition(&state, to: .inactive)
                if !state.isInterrupted {
                    transition(&state, to: .active)
                    post(to: state.launch) { $0.deliver(.didBecomeActive) }
                }
                // Back on screen, timers missed while suspended fire in the foreground.
                postOwedTimerFires(&state)
                return true
            }
        }
        if isRunning { settle() } else { launch(reason: .user) }
    }

    /// An incoming phone call: an active app becomes inactive (it never goes to the background
    /// because of a call) until ``endInterruption()``.
    public func beginInterruption() {
        let began = mutate { state -> Bool in
            guard !state.isInterrupted else { return false }
            state.isInterrupted = true
            console.log("Interruption began (incoming call)")
            guard state.appState == .active else { return true }
            transition(&state, to: .inactive)
            post(to: state.launch) { $0.deliver(.willResignActive) }
            return true
        }
        if began { announce(.began) }
        settle()
    }

    /// The call ended: an app that the call made inactive becomes active again.
    public func endInterruption() {
        let ended = mutate { state -> Bool in
            guard state.isInterrupted else { return false }
            state.isInterrupted = false
            console.log("Interruption ended")
            guard state.appState == .inactive else { return true }
            transition(&state, to: .active)
            post(to: state.launch) { $0.deliver(.didBecomeActive) }
            return true
        }
        if ended { announce(.ended) }
        settle()
    }

    /// Whether a call is in progress.
    public var isInterrupted: Bool { state.withLock { $0.isInterrupted } }

    /// Ends the app. A running app (foreground or background) gets willTerminate first and
    /// ends when its handler returns, or after the didEnterBackground grace; a suspended app is
    /// simply removed from memory, without a word, as iOS does.
    public func terminate(_ cause: TerminationCause = .user) {
        mutate { state in
            guard state.appState != .notRunning else { return }
            console.log(cause.consoleMessage)
            state.lastTermination = cause
            if cause == .user { state.fetch.launchesAllowed = false }
            guard state.appState.isRunning else {
                end(&state)
                return
            }
            endRun(&state)
            let number = state.launch?.number
            post(to: state.launch) { application in
                application.deliver(.willTerminate)
                application.device?.finishTermination(ofLaunch: number)
            }
            loop.schedule(after: profile.didEnterBackgroundGrace) { [weak self] in
                self?.finishTermination(ofLaunch: number)
            }
        }
        settle()
    }

    func finishTermination(ofLaunch number: Int?) {
        mutate { state in
            guard let number, state.launch?.number == number else { return }
            end(&state)
        }
    }

    /// Kills the app at once, with no notification, as iOS kills an app that broke a rule.
    func kill(_ state: inout DeviceState, cause: TerminationCause) {
        state.lastTermination = cause
        endRun(&state)
        end(&state)
    }

    /// Clears everything the app's process held; the app is not running afterwards.
    private func end(_ state: inout DeviceState) {
        transition(&state, to: .notRunning)
        state.retired.append(state.launch)
        state.launch = nil
        state.assertions.removeAll()
        state.activities.removeAll()
        for record in state.timers.values { loop.cancel(record.systemTimer) }
        state.retired.append(state.timers)
        state.timers.removeAll()
        cancelKeepAlive(&state)
        executor.discardPostedJobs(by: executorOwner)
    }

    /// Delivers didEnterBackground, then lets the app be suspended once it returned.
    private func deliverDidEnterBackground(_ state: inout DeviceState) {
        guard let runID = state.run?.id else { return }
        post(to: state.launch) { application in
            application.deliver(.didEnterBackground)
            application.device?.didEnterBackgroundReturned(run: runID)
        }
    }

    func didEnterBackgroundReturned(run runID: Int) {
        mutate { state in
            guard var run = state.run, run.id == runID, run.awaitingDidEnterBackground else { return }
            run.awaitingDidEnterBackground = false
            loop.cancel(run.graceTimer)
            run.graceTimer = nil
            state.run = run
            suspendIfIdle(&state)
        }
    }
}
