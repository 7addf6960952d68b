import BackgroundWire

/// The system's side of background fetch; part of the device's state.
package struct BackgroundFetchState: Sendable, Equatable {
    /// What the app last set; the system keeps it across launches, as iOS does.
    var interval = BackgroundFetchInterval.never
    var scheduler = FetchScheduler()
    /// The timer of the planned fetch, if one is planned.
    package var plan: SystemTimerToken?
    /// Fetches whose completion handler has not been called yet, by number.
    package var inFlight: [Int: InFlightFetch] = [:]
    /// How the latest fetches ended, so that a second call of a completion handler can say so.
    var finished = RecentEndings<FinishedFetch>()
    package var nextNumber = 1
    /// False after the user swiped the app away: it is not launched for background work until
    /// the user opens it again.
    var launchesAllowed = true
}
