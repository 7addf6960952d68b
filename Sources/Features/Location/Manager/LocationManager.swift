import BackgroundApp
import BackgroundWire
import LocationWire

/// The app's handle on the location service, like `CLLocationManager`: configure it, ask for
/// authorization, start updates, and receive fixes through its ``delegate``.
///
/// It talks to the system's ``LocationService`` by messages only (``LocationServiceCall``), so it
/// works the same with the app in the system's process and in its own, where the kernel freezes
/// the app between the service's wake-ups. The distance filter runs on the system's side, so a
/// fix the app would not want never reaches it. Fixes arrive while the app is on screen and, with a background session (the
/// `location` mode and, from iOS 9, ``allowsBackgroundLocationUpdates``), while it runs in the
/// background; a suspended app gets none. Region events (`LocationManager+Regions.swift`),
/// significant changes and visits (`LocationManager+Visits.swift`) reach it whatever the app's
/// state.
@AppMain
public final class LocationManager {
    public weak var delegate: (any LocationManagerDelegate)?

    /// The accuracy wanted: how often the source is asked for a fix (see ``LocationAccuracy``).
    /// Fixes less accurate than this are delivered all the same, as Core Location delivers them;
    /// with reduced accuracy authorization it has no effect.
    public var desiredAccuracy = LocationAccuracy.best {
        didSet { configure() }
    }

    /// How far the device must move between two fixes delivered.
    public var distanceFilter = DistanceFilter.none {
        didSet { configure() }
    }

    /// Whether updates go on in the background (iOS 9 and later; false by default). The
    /// Info.plist must declare the `location` mode: setting it true without the mode crashes the
    /// app, as on iOS. Before iOS 9 the mode alone decides.
    public var allowsBackgroundLocationUpdates = false {
        didSet {
            configure()
        }
    }

    /// Whether the status bar shows the location indicator (the blue bar) while an app with
    /// Always authorization uses the location in the background (iOS 11 and later; false by
    /// default). With When In Use authorization it shows whatever this says.
    public var showsBackgroundLocationIndicator = false {
        didSet { configure() }
    }

    /// Whether the system may pause updates while the device stays still in the background
    /// (true by default; iOS 6 and later). See ``ActivityType/pauseAfter``.
    public var pausesLocationUpdatesAutomatically = true {
        didSet { configure() }
    }

    /// What the user does while updating: the cue for pauses.
    public var activityType = ActivityType.other {
        didSet { configure() }
    }

    /// The last fix delivered.
    public private(set) var location: Location?

    /// Whether updates are being delivered: started, and neither stopped nor paused.
    public private(set) var isUpdating = false

    /// Whether the system paused the updates; ``startUpdatingLocation()`` resumes them.
    public private(set) var isPaused = false

    /// Whether the manager monitors significant location changes (not in Core Location, which
    /// leaves the app to remember it).
    public private(set) var isMonitoringSignificantLocationChanges = false

    /// Whether the manager monitors visits (not in Core Location either).
    public internal(set) var isMonitoringVisits = false

    /// Whether the fixes the delegate hears now come from the significant-change service (not in
    /// Core Location, whose delegate cannot tell): true only during that call.
    public private(set) var isDeliveringSignificantChange = false

    let application: Application
    let client: LocationServiceClient
    /// The number the service knows the manager by.
    let id: Int
    /// What the app may do, as the manager last heard it.
    private var authorization: LocationAuthorizationState
    /// How many times the manager stopped its updates; fixes the service sent before the last
    /// stop are not delivered.
    private var stops = 0

    /// A manager of the app of `application`, which it makes to the system's location service.
    public init(application: Application) {
        self.application = application
        client = LocationServiceClient(application: application)
        let registration = client.call(.register, answer: ManagerRegistration.self)
        id = registration?.client ?? 0
        authorization = registration?.authorization ?? LocationAuthorizationState(status: .notDetermined, accuracy: .fullAccuracy)
        client.receiveEvents(of: id) { [weak self] events, stops in self?.handle(events, sentAfterStops: stops) }
    }

    isolated deinit {
        client.end(id, with: .unregister(client: id))
    }

    /// What the app may do; remembered across launches.
    public var authorizationStatus: AuthorizationStatus { authorization.status }

    /// What the app of `application` may do, asked of the system without a manager, as Core
    /// Location's class method `authorizationStatus()` (deprecated by iOS 14) asks.
    public static func authorizationStatus(of application: Application) -> AuthorizationStatus {
        LocationServiceClient(application: application).call(.authorization, answer: LocationAuthorizationState.self)?.status
            ?? .notDetermined
    }

    /// Whether fixes are precise or approximate (iOS 14 and later; full before).
    public var accuracyAuthorization: AccuracyAuthorization { authorization.accuracy }

    /// Asks the user for permission to use location at any time (`requestAlwaysAuthorization()`).
    /// The answer comes to ``LocationManagerDelegate/locationManagerDidChangeAuthorization(_:)``.
    public func requestAlwaysAuthorization() {
        requestAuthorization(always: true)
    }

    /// Asks the user for permission to use location while the app is in use.
    public func requestWhenInUseAuthorization() {
        requestAuthorization(always: false)
    }

    /// Starts delivering fixes, or resumes paused updates. Without authorization nothing comes
    /// (a diagnostic says why); when denied, the delegate gets ``LocationError/denied``.
    public func startUpdatingLocation() {
        guard started(client.call(.startUpdating(client: id, settings), answer: LocationError.self)) else { return }
        isUpdating = true
        isPaused = false
    }

    /// Starts the significant-change location service: a fix at once, then one each time the
    /// device has moved 500 m, at most one every 5 minutes, to
    /// ``LocationManagerDelegate/locationManager(_:didUpdateLocations:)`` — waking the app, or
    /// launching it in the background if it is not running (with Always authorization). After
    /// such a launch the app must start the service again to get the fix. Fails as
    /// ``startUpdatingLocation()`` does.
    public func startMonitoringSignificantLocationChanges() {
        guard started(client.call(.startSignificantChanges(client: id), answer: LocationError.self)) else { return }
        isMonitoringSignificantLocationChanges = true
    }

    /// Stops the significant-change location service.
    public func stopMonitoringSignificantLocationChanges() {
        isMonitoringSignificantLocationChanges = false
        client.tell(.stopSignificantChanges(client: id))
    }

    /// Stops delivering fixes; the next start measures the distance filter afresh.
    public func stopUpdatingLocation() {
        isUpdating = false
        isPaused = false
        stops += 1
        client.tell(.stopUpdating(client: id))
    }

    /// Whether a start succeeded; a failure goes to the delegate, except
    /// ``LocationError/notAuthorized``, which Core Location meets in silence.
    func started(_ error: LocationError?) -> Bool {
        guard let error else { return true }
        if error != .notAuthorized { delegate?.locationManager(self, didFailWithError: error) }
        return false
    }

    private var settings: UpdateSettings {
        UpdateSettings(
            accuracy: desiredAccuracy, distance: distanceFilter, allowsBackgroundUpdates: allowsBackgroundLocationUpdates,
            showsBackgroundIndicator: showsBackgroundLocationIndicator, pausesAutomatically: pausesLocationUpdatesAutomatically,
            activityType: activityType)
    }

    private func configure() {
        client.tell(.configure(client: id, settings))
    }

    private func requestAuthorization(always: Bool) {
        guard let after = client.call(.requestAuthorization(client: id, always: always), answer: LocationAuthorizationState.self),
            after != authorization
        else { return }
        authorization = after
        delegate?.locationManagerDidChangeAuthorization(self)
    }

    /// Hands the delegate what the service had for the manager, in order: its fixes only if the
    /// updates did not stop after the service sent them (`stops`, the service's count then).
    private func handle(_ events: [LocationEvent], sentAfterStops stops: Int) {
        for event in events { handle(event, isCurrent: stops == self.stops) }
    }

    private func handle(_ event: LocationEvent, isCurrent: Bool) {
        switch event {
        case .locations(let fixes):
            guard isUpdating, isCurrent, let latest = fixes.locations.last else { return }
            location = latest
            delegate?.locationManager(self, didUpdateLocations: fixes.locations)
        case .significantChange(let fix):
            guard isMonitoringSignificantLocationChanges else { return }
            location = fix
            isDeliveringSignificantChange = true
            defer { isDeliveringSignificantChange = false }
            delegate?.locationManager(self, didUpdateLocations: [fix])
        case .visit(let visit):
            guard isMonitoringVisits else { return }
            delegate?.locationManager(self, didVisit: visit)
        case .authorizationChanged(let authorization):
            self.authorization = authorization
            delegate?.locationManagerDidChangeAuthorization(self)
        case .paused:
            guard isUpdating else { return }
            isUpdating = false
            isPaused = true
            delegate?.locationManagerDidPauseLocationUpdates(self)
        case .resumed:
            delegate?.locationManagerDidResumeLocationUpdates(self)
        case .region(let event, let latest):
            if let latest { location = latest }
            handle(event)
        case .monitor:
            // A monitor's event: never sent to a manager.
            break
        }
    }
}
