/// What the location service tells one ``LocationManager``, on the app's main executor.
enum ManagerEvent: Sendable {
    /// Fixes that passed the manager's filter, oldest first: more than one when they arrived
    /// faster than the app took them.
    case locations([Location])
    /// A fix from the significant-change service.
    case significantChange(Location)
    /// An arrival at or a departure from a place (the visits service).
    case visit(Visit)
    /// The authorization status or the accuracy authorization changed.
    case authorizationChanged
    /// The system paused the updates (`pausesLocationUpdatesAutomatically`).
    case paused
    /// The app started the paused updates again.
    case resumed
    /// A monitored region was entered or left, or its state determined.
    case region(RegionEvent)
}
