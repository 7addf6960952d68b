/// A call of the app's location clients — ``LocationManager``, ``LocationMonitor``,
/// ``BackgroundActivitySession`` — to the system's ``LocationService`` (``LocationMessages``).
///
/// Calls that answer name their answer's type; the others answer nothing.
package enum LocationServiceCall: Codable, Sendable, Equatable {
    // MARK: Location managers

    /// A new location manager; answered with its ``ManagerRegistration``.
    case register
    /// The manager is gone: its updates and services stop.
    case unregister(client: Int)
    /// The manager's properties changed. Turning `allowsBackgroundUpdates` on without the
    /// `location` mode crashes the app from iOS 9, as Core Location's assertion does.
    case configure(client: Int, UpdateSettings)
    /// `requestAlwaysAuthorization()` (`always`) or `requestWhenInUseAuthorization()` of manager
    /// `client`; answered with the ``LocationAuthorizationState`` after it, which the other
    /// managers hear of if it changed.
    case requestAuthorization(client: Int, always: Bool)
    /// What the app may do now, asked without a manager (Core Location's class method
    /// `authorizationStatus()`); answered with the ``LocationAuthorizationState``.
    case authorization
    /// `startUpdatingLocation()`; answered with the ``LocationError`` that refused it, or nothing.
    case startUpdating(client: Int, UpdateSettings)
    case stopUpdating(client: Int)
    /// Answered with the ``LocationError`` that refused it, or nothing.
    case startSignificantChanges(client: Int)
    case stopSignificantChanges(client: Int)
    /// Answered with the ``LocationError`` that refused it, or nothing.
    case startVisits(client: Int)
    case stopVisits(client: Int)

    // MARK: Regions (the app's, shared by its managers)

    /// Answered with the monitored regions, `[CircularRegion]`, in the order added.
    case monitoredRegions
    /// Answered with the ``LocationError`` that refused the region, or nothing.
    case startMonitoring(CircularRegion)
    case stopMonitoring(identifier: String)
    /// The state comes to the client later, as a ``LocationEvent/region(_:latest:)``.
    case requestState(client: Int, CircularRegion)

    // MARK: Location monitors (iOS 17)

    /// Opens a monitor of the name; answered with its client number.
    case openMonitor(name: String)
    case closeMonitor(client: Int)
    /// Answered with the conditions of the monitor named `monitor`, as `[CircularRegion]`.
    case conditions(monitor: String)
    /// Answered with the ``LocationError`` that refused the condition, or nothing.
    case addCondition(CircularGeographicCondition, identifier: String, monitor: String)
    case removeCondition(identifier: String, monitor: String)

    // MARK: Background activity sessions (iOS 17)

    /// Answered with the ``LocationError`` that refused the session, or nothing.
    case beginActivitySession
    case endActivitySession
}
