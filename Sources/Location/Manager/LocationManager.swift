import BackgroundRuntime

/// The app's handle on the location service, like `CLLocationManager`: configure it, ask for
/// authorization, start updates, and receive fixes through its ``delegate``.
///
/// The accuracy and distance filters run on the system's side, so a fix the app would not want
/// never reaches it. Fixes arrive while the app is on screen and, with the `location`
/// background mode, while it runs in the background; a suspended app gets none.
@AppMain
public final class LocationManager {
    public weak var delegate: (any LocationManagerDelegate)?

    /// The accuracy wanted; see ``LocationAccuracy`` for what each value delivers and how often.
    public var desiredAccuracy = LocationAccuracy.best {
        didSet { service.setFilter(id, accuracy: desiredAccuracy, distance: distanceFilter) }
    }

    /// How far the device must move between two fixes delivered.
    public var distanceFilter = DistanceFilter.none {
        didSet { service.setFilter(id, accuracy: desiredAccuracy, distance: distanceFilter) }
    }

    /// The last fix delivered.
    public private(set) var location: Location?

    /// Whether ``startUpdatingLocation()`` is in effect.
    public private(set) var isUpdating = false

    private let service: LocationService
    private let id: Int

    public init(service: LocationService) {
        self.service = service
        let deliveries = Deliveries()
        id = service.register(
            deliver: { location in deliveries.manager?.didReceive(location) },
            authorizationChanged: { deliveries.manager?.authorizationChanged() })
        deliveries.manager = self
    }

    isolated deinit {
        service.unregister(id)
    }

    /// What the app may do; remembered across launches.
    public var authorizationStatus: AuthorizationStatus { service.authorizationStatus }

    /// Asks the user for permission to use location at any time (`requestAlwaysAuthorization()`).
    /// The answer comes to ``LocationManagerDelegate/locationManagerDidChangeAuthorization(_:)``.
    public func requestAlwaysAuthorization() {
        requestAuthorization(always: true)
    }

    /// Asks the user for permission to use location while the app is in use.
    public func requestWhenInUseAuthorization() {
        requestAuthorization(always: false)
    }

    /// Starts delivering fixes. Without authorization nothing comes (a diagnostic says why);
    /// when denied, the delegate gets ``LocationError/denied``.
    public func startUpdatingLocation() {
        let filter = LocationFilter(accuracy: desiredAccuracy, distance: distanceFilter)
        switch service.startUpdating(id, filter: filter) {
        case nil:
            isUpdating = true
        case .notAuthorized?:
            break
        case let error?:
            delegate?.locationManager(self, didFailWithError: error)
        }
    }

    /// Stops delivering fixes; the next start measures the distance filter afresh.
    public func stopUpdatingLocation() {
        isUpdating = false
        service.stopUpdating(id)
    }

    private func requestAuthorization(always: Bool) {
        let before = service.authorizationStatus
        let after = service.requestAuthorization(always: always)
        guard after != before else { return }
        delegate?.locationManagerDidChangeAuthorization(self)
    }

    /// The user answered the permission alert, or changed it in Settings.
    private func authorizationChanged() {
        delegate?.locationManagerDidChangeAuthorization(self)
    }

    private func didReceive(_ location: Location) {
        guard isUpdating else { return }
        self.location = location
        delegate?.locationManager(self, didUpdateLocations: [location])
    }

    /// Lets the service reach the manager without keeping it alive.
    private final class Deliveries: Sendable {
        @AppMain weak var manager: LocationManager?
    }
}
