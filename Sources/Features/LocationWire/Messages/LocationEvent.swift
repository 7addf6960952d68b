/// What one location client hears from the service, in the order the service decided it
/// (inside a ``LocationServiceEvent/events(client:_:)``).
package enum LocationEvent: Codable, Sendable, Equatable {
    /// Fixes that passed the manager's filters, oldest first: more than one when they arrived
    /// faster than the app took them in.
    case locations(Fixes)
    /// A fix from the significant-change service.
    case significantChange(Location)
    /// An arrival at or a departure from a place (the visits service).
    case visit(Visit)
    /// The authorization status or the accuracy authorization changed to this.
    case authorizationChanged(LocationAuthorizationState)
    /// The system paused the updates (`pausesLocationUpdatesAutomatically`).
    case paused
    /// The app started the paused updates again.
    case resumed
    /// A monitored region was entered or left, or its state determined; `latest` is the
    /// system's newest fix when it decided so (Core Location's `location`), also when the
    /// event waited for a manager.
    case region(RegionEvent, latest: Location?)
    /// A condition of a ``LocationMonitor`` changed state.
    case monitor(MonitorEvent)
}
