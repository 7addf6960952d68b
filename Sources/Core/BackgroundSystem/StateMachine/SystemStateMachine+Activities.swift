import BackgroundWire

/// When the app is suspended, what keeps it running in the background (a declared mode's work,
/// an event being handled), and the system's callbacks to it (Apple, "About the background
/// execution sequence": an app with nothing to do in the background is suspended soon after
/// it enters it).
extension SystemStateMachine {
    /// Starts an activity that keeps the app running in the background while it lasts — if it
    /// is an event, or a mode the Info.plist declares. Nothing is held for an app that is not
    /// running (a service that began it as the app ended): its token ends nothing, and the next
    /// launch is not kept from being suspended by it.
    package mutating func beginActivity(_ activity: BackgroundActivity, at moment: Moment) -> (BackgroundActivityToken, [SystemEffect]) {
        begin(moment)
        let token = BackgroundActivityToken(id: nextActivityID)
        nextActivityID += 1
        guard appState != .notRunning else { return (token, finish()) }
        activities[token.id] = activity
        markChanged()
        return (token, finish())
    }

    /// Ends an activity; the app is suspended if nothing else keeps it running. Ending one
    /// twice, or after the app ended, does nothing.
    package mutating func endActivity(_ token: BackgroundActivityToken, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        keepAliveHandlerEnded(token)
        if activities[token.id] != nil {
            dropActivity(token)
            suspendIfIdle()
        }
        return finish()
    }

    /// Lets the app handle `event` in the background, as iOS does for socket data or a
    /// finished download: a suspended app is resumed (its background time counts anew), the
    /// delivery `makeDelivery` makes for the event's activity is delivered, and once it
    /// returns the app may be suspended again — or once `timeLimit` has passed, if it is given
    /// (a location event's "around 10 seconds"). Returns false, doing nothing, when the app is
    /// not running.
    package mutating func wake(
        for event: String, timeLimit: Duration? = nil, at moment: Moment,
        delivering makeDelivery: (BackgroundActivityToken) -> AppDelivery
    ) -> (Bool, [SystemEffect]) {
        begin(moment)
        let woke = wake(for: event, timeLimit: timeLimit, delivering: makeDelivery)
        return (woke, finish())
    }

    /// A service's callback (or another delivery) to the running app: delivered now, or when
    /// a suspended app is resumed, or never (`.drop`). Returns false, delivering nothing, if
    /// the app is not running or the delivery was dropped.
    package mutating func post(
        whileSuspended: SuspendedDelivery, _ delivery: AppDelivery, at moment: Moment
    ) -> (Bool, [SystemEffect]) {
        begin(moment)
        switch appState {
        case .notRunning: return (false, finish())
        case .suspended where whileSuspended == .drop: return (false, finish())
        case .suspended, .inactive, .active, .background: break
        }
        deliver(delivery)
        return (true, finish())
    }

    // MARK: The rules

    /// Suspends a background app that nothing keeps running: its didEnterBackground has
    /// returned, it holds no assertion, and no activity of a declared background mode or
    /// pending event needs it. An app a debugger is attached to is never suspended, as an app
    /// run from Xcode is not.
    mutating func suspendIfIdle() {
        guard !debuggerAttached, appState == .background, let run, !run.awaitingDidEnterBackground, assertions.isEmpty,
            !activities.values.contains(where: keepsRunningInBackground)
        else { return }
        transition(to: .suspended)
    }

    /// Whether `activity` keeps the app from being suspended: a mode only if the Info.plist
    /// declares it.
    package func keepsRunningInBackground(_ activity: BackgroundActivity) -> Bool {
        switch activity.kind {
        case .mode(let mode): infoPlist.declares(mode)
        case .event: true
        }
    }

    mutating func wake(
        for event: String, timeLimit: Duration? = nil, delivering makeDelivery: (BackgroundActivityToken) -> AppDelivery
    ) -> Bool {
        guard appState != .notRunning else { return false }
        let activity = beginEvent(event)
        if let timeLimit { eventTimeLimits[activity.id] = timeLimit }
        deliver(makeDelivery(activity))
        return true
    }

    /// The app began to handle the event of `token`: its time limit, if it has one, counts from
    /// now. Backgrounder's model, as for the didEnterBackground grace: the time is the app's own,
    /// not its process's start or a queue of earlier work on a loaded machine.
    package mutating func eventHandlingBegan(_ token: BackgroundActivityToken, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if let limit = eventTimeLimits.removeValue(forKey: token.id), activities[token.id] != nil {
            eventDeadlines[token.id] = schedule(.eventTimeLimit(activity: token.id, limit: limit), after: limit)
        }
        return finish()
    }

    /// The time an event woke the app for is up and the app has not handled it yet: the event
    /// no longer keeps it running, and it is suspended unless something else does.
    mutating func eventTimedOut(activity id: Int, limit: Duration) {
        eventDeadlines[id] = nil
        guard let activity = activities[id] else { return }
        log("The app did not handle \(activity.name) within \(limit.secondsText) s; the event no longer keeps it running")
        dropActivity(BackgroundActivityToken(id: id))
        suspendIfIdle()
    }

    /// Holds the running app for `event` until the returned activity ends, resuming it first
    /// if it is suspended (its background time counts anew). A resumed app hears
    /// didEnterBackground before the event, and may be suspended again only once it returned
    /// (Apple, “About the background execution sequence”: “1. The system resumes the app.
    /// 2. UIKit calls the app delegate’s applicationDidEnterBackground(_:) method. 3. UIKit
    /// delivers the event”; rule wake-for-events). The caller delivers the event after this.
    mutating func beginEvent(_ event: String) -> BackgroundActivityToken {
        let token = BackgroundActivityToken(id: nextActivityID)
        nextActivityID += 1
        activities[token.id] = BackgroundActivity(kind: .event, name: event)
        markChanged()
        if appState == .suspended {
            log("Woken in the background: \(event)")
            transition(to: .background)
            beginRun(awaitingDidEnterBackground: true, launching: true)
            deliverDidEnterBackground()
        }
        return token
    }

    /// Ends an activity, and its event's time limit, without asking whether the app can now be
    /// suspended.
    mutating func dropActivity(_ token: BackgroundActivityToken) {
        eventTimeLimits[token.id] = nil
        cancel(eventDeadlines.removeValue(forKey: token.id))
        if activities.removeValue(forKey: token.id) != nil { markChanged() }
    }
}
