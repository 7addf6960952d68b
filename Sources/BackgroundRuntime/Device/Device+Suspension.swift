/// When the app is suspended, and what keeps it running or wakes it.
extension Device {
    /// Suspends a background app that nothing keeps running: its didEnterBackground has
    /// returned (or its grace passed), it holds no assertion, and no activity of a declared
    /// background mode or pending event needs it.
    func suspendIfIdle(_ state: inout DeviceState) {
        guard state.appState == .background, let run = state.run, !run.awaitingDidEnterBackground,
            state.assertions.isEmpty,
            !state.activities.values.contains(where: keepsRunningInBackground)
        else { return }
        transition(&state, to: .suspended)
    }

    /// Whether `activity` keeps the app from being suspended.
    func keepsRunningInBackground(_ activity: BackgroundActivity) -> Bool {
        switch activity.kind {
        case .mode(let mode): infoPlist.declares(mode)
        case .event: true
        }
    }

    /// Starts an activity that keeps the app running in the background while it lasts — if it
    /// is an event, or a mode the Info.plist declares. A service that finds its mode undeclared
    /// stops its work when the app leaves the foreground and ``report(_:_:)``s why.
    public func beginActivity(_ activity: BackgroundActivity) -> BackgroundActivityToken {
        state.withLock { state in
            let token = BackgroundActivityToken(id: state.nextActivityID)
            state.nextActivityID += 1
            state.activities[token.id] = activity
            return token
        }
    }

    /// Ends an activity; the app is suspended if nothing else keeps it running. Ending an
    /// activity twice, or after the app ended, does nothing.
    public func endActivity(_ token: BackgroundActivityToken) {
        mutate { state in
            guard state.activities.removeValue(forKey: token.id) != nil else { return }
            suspendIfIdle(&state)
        }
    }

    /// The activities now held.
    public var activities: [BackgroundActivity] {
        state.withLock { state in state.activities.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Lets the app handle an event in the background, as iOS does for socket data, a due
    /// fetch or a finished download.
    ///
    /// A suspended app is resumed (its background time counts anew) and `handler` is queued;
    /// a running app just gets `handler` queued. Once the handler returns the app is suspended
    /// again, unless it holds assertions or activities. Returns false, and does nothing, when
    /// the app is not running: launch it with a ``LaunchReason`` instead.
    @discardableResult
    public func wake(for event: String, _ handler: @escaping @AppMain @Sendable (Application) -> Void) -> Bool {
        let woke = mutate { state -> Bool in
            guard state.appState != .notRunning else { return false }
            let token = beginEvent(event, in: &state)
            post(to: state.launch) { application in
                handler(application)
                application.device?.endActivity(token)
            }
            return true
        }
        if woke { settle() }
        return woke
    }

    /// Holds the running app for `event` until the returned activity ends, resuming it first
    /// if it is suspended (its background time counts anew).
    func beginEvent(_ event: String, in state: inout DeviceState) -> BackgroundActivityToken {
        let token = BackgroundActivityToken(id: state.nextActivityID)
        state.nextActivityID += 1
        state.activities[token.id] = BackgroundActivity(kind: .event, name: event)
        if state.appState == .suspended {
            console.log("Woken in the background: \(event)")
            transition(&state, to: .background)
            beginRun(&state, awaitingDidEnterBackground: false)
        }
        return token
    }
}
