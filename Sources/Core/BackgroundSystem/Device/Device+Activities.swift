import BackgroundWire

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

    /// Wakes the app for `event` with the delivery `makeDelivery` makes for its activity; the
    /// event keeps the app running for `timeLimit` at most, if it is given.
    func wake(
        for event: String, timeLimit: Duration? = nil, delivering makeDelivery: (BackgroundActivityToken) -> AppDelivery
    ) -> Bool {
        let woke = handle { $0.wake(for: event, timeLimit: timeLimit, at: $1, delivering: makeDelivery) }
        if woke { settle() }
        return woke
    }
}
