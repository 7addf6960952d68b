/// What keeps the app running in the background, wake-ups, and the services' callbacks to the
/// app; the rules are in `SystemStateMachine+Activities.swift`.
extension Device {
    /// Starts an activity that keeps the app running in the background while it lasts — if it
    /// is an event, or a mode the Info.plist declares. A service that finds its mode undeclared
    /// stops its work when the app leaves the foreground and ``report(_:_:)``s why.
    public func beginActivity(_ activity: BackgroundActivity) -> BackgroundActivityToken {
        handle { $0.beginActivity(activity, at: $1) }
    }

    /// Ends an activity; the app is suspended if nothing else keeps it running. Ending an
    /// activity twice, or after the app ended, does nothing.
    public func endActivity(_ token: BackgroundActivityToken) {
        handle { $0.endActivity(token, at: $1) }
    }

    /// The activities now held.
    public var activities: [BackgroundActivity] {
        read { $0.activities.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Lets the app handle an event in the background, as iOS does for socket data, a due
    /// fetch or a finished download.
    ///
    /// A suspended app is resumed (its background time counts anew) and `handler` is queued;
    /// a running app just gets `handler` queued. Once the handler returns the app is suspended
    /// again, unless it holds assertions or activities — or once `timeLimit` has passed, if it is
    /// given, even if the handler has not returned. Returns false, and does nothing, when the
    /// app is not running: launch it with a ``LaunchReason`` instead.
    /// With the app in its own process no closure reaches it: the event is reported
    /// (`[unavailable-in-own-process]`) and nothing runs — send a message instead
    /// (``ServiceHost/wake(for:timeLimit:sending:on:passing:)``).
    @discardableResult
    public func wake(
        for event: String, timeLimit: Duration? = nil, _ handler: @escaping @AppMain @Sendable (Application) -> Void
    ) -> Bool {
        guard let id = keep(handler, for: event) else { return false }
        let woke = wake(for: event, timeLimit: timeLimit) { .handler(id: id, endingActivity: $0) }
        if !woke { link.discardHandler(id) }
        return woke
    }

    /// Wakes the app for `event` with the delivery `makeDelivery` makes for its activity; the
    /// event keeps the app running for `timeLimit` at most, if it is given.
    func wake(
        for event: String, timeLimit: Duration? = nil, delivering makeDelivery: (BackgroundActivityToken) -> AppDelivery
    ) -> Bool {
        let woke = handle { $0.wake(for: event, timeLimit: timeLimit, at: $1, delivering: makeDelivery) }
        if woke { settle() }
        return woke
    }

    /// Queues `job` on the app's main executor for the app's current launch, as a service
    /// delivers a callback (a player's time observer, a new location, a delegate call). It runs
    /// after the jobs already queued: at once if the app can run; if the app is suspended, once
    /// it is resumed or never, as `whileSuspended` says; never if that launch ends first.
    /// Returns false, queuing nothing, if the app is not running or the job was dropped.
    ///
    /// It never runs app code on the caller's thread, so a service may call it while holding
    /// its own lock. On a ``TestDevice`` the job runs at the device's next step (an action,
    /// ``TestDevice/advance(by:)`` or ``TestDevice/runUntilIdle()``). A service that posts
    /// often to a suspended app with `.hold` must coalesce: those jobs wait in memory.
    /// With the app in its own process no closure reaches it: nothing is queued, and the
    /// post is reported (`[unavailable-in-own-process]`).
    @discardableResult
    public func post(
        whileSuspended: SuspendedDelivery = .hold,
        _ job: @escaping @AppMain @Sendable (Application) -> Void
    ) -> Bool {
        guard let id = keep(job, for: "a callback") else { return false }
        let posted = handle { $0.post(whileSuspended: whileSuspended, .handler(id: id, endingActivity: nil), at: $1) }
        if !posted { link.discardHandler(id) }
        return posted
    }

    /// The link's identifier for `handler`; nil, reported, when the app runs in its own process.
    private func keep(_ handler: @escaping @AppMain @Sendable (Application) -> Void, for what: String) -> Int? {
        if let id = link.keep(handler) { return id }
        report(
            .unavailableInOwnProcess,
            "\(what) cannot be handed to the app in its own process (--isolation process): a closure of the system's "
                + "process cannot reach it; run with --isolation thread to have it delivered")
        return nil
    }

    /// Runs `body` on the app's main executor after the jobs already queued, and returns its
    /// result. Returns nil, running nothing, if the app's code cannot run now (it is suspended
    /// or not running), or if the app ends before `body` runs. With the app in its own process
    /// (`--isolation process`) no closure reaches it: it is reported
    /// (`[unavailable-in-own-process]`) and nil returned at once.
    @discardableResult
    public func run<T: Sendable>(_ body: @escaping @AppMain @Sendable (Application) -> T) async -> T? {
        await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            let once = OnceContinuation(continuation)
            let observer = observers.stateChanges.add { change in
                if change.to == .notRunning { once.resume(nil) }
            }
            once.onResume { [weak self] in self?.observers.stateChanges.remove(observer) }
            let queued = appState.isRunning && post { application in once.resume(body(application)) }
            if !queued { once.resume(nil) }
            settle()
        }
    }
}
