import BackgroundRuntime
import Foundation
import Location

/// The app's handle on the location service, in Apple's spelling: a runtime ``LocationManager``
/// for the launch whose code makes it, whose events reach ``delegate`` as Apple's types. It only
/// converts: what is delivered when, and what fails, is the runtime's.
///
/// Make it in the app's code (its delegate, its screens and handlers), as on iOS on the main
/// thread; it lives on the app's main executor. It is an `NSObject`, as Apple's is, so a delegate
/// serving several managers tells them apart with `==`.
@preconcurrency @AppMain
open class CLLocationManager: NSObject {
    /// The runtime's manager.
    let manager: LocationManager
    /// The runtime manager's delegate, which hands its events on to ``delegate``.
    private let relay: LocationManagerRelay
    /// The app whose manager it is.
    let application: Application
    /// The `requestLocation()` waiting for its fix, if any.
    var locationRequest: CLLocationRequest?
    /// The runtime manager whose fixes' courses are the headings, and its delegate; made by the
    /// first `startUpdatingHeading()`.
    var headingSource: (manager: LocationManager, relay: HeadingRelay)?
    /// The heading last delivered, in degrees, for ``headingFilter``.
    var lastDeliveredHeading: CLLocationDirection?

    /// The heading last delivered; nil before the first.
    open internal(set) var heading: CLHeading?

    /// How many degrees the heading must turn before the next is delivered (1 by default);
    /// ``kCLHeadingFilterNone`` (or any value not above 0) delivers every one.
    open var headingFilter: CLLocationDegrees = 1

    /// A manager of the app whose code runs now, as `CLLocationManager()` is the process's.
    ///
    /// - precondition: the caller is the app's code, running on its device; elsewhere there is
    ///   no app for the manager to belong to.
    public override init() {
        application = Application.current(for: "CLLocationManager()")
        manager = LocationManager(application: application)
        relay = LocationManagerRelay()
        super.init()
        relay.owner = self
        manager.delegate = relay
    }

    /// The receiver of the manager's events; not retained.
    open weak var delegate: (any CLLocationManagerDelegate)?

    /// The accuracy wanted (``kCLLocationAccuracyBest`` by default). A value between the named
    /// ones asks for the finer one: the runtime's accuracies stand for how often the source is
    /// asked for a fix, and reading the property gives that named value back.
    open var desiredAccuracy: CLLocationAccuracy {
        get { manager.desiredAccuracy.desired }
        set { manager.desiredAccuracy = LocationAccuracy(desired: newValue) }
    }

    /// How far the device must move between two fixes delivered, in meters;
    /// ``kCLDistanceFilterNone`` (the default) delivers every one. A value the runtime refuses
    /// (not finite, past 20,000 km) leaves the filter as it was.
    open var distanceFilter: CLLocationDistance {
        get { manager.distanceFilter.meters ?? kCLDistanceFilterNone }
        set { manager.distanceFilter = newValue < 0 ? .none : DistanceFilter(meters: newValue) ?? manager.distanceFilter }
    }

    /// Whether updates go on in the background (iOS 9; false by default). Setting it true when
    /// the Info.plist lacks the `location` mode crashes the app, as on iOS.
    open var allowsBackgroundLocationUpdates: Bool {
        get { manager.allowsBackgroundLocationUpdates }
        set {
            manager.allowsBackgroundLocationUpdates = newValue
            headingSource?.manager.allowsBackgroundLocationUpdates = manager.allowsBackgroundLocationUpdates
        }
    }

    /// Whether the system may pause updates while the device stays still (true by default).
    open var pausesLocationUpdatesAutomatically: Bool {
        get { manager.pausesLocationUpdatesAutomatically }
        set { manager.pausesLocationUpdatesAutomatically = newValue }
    }

    /// What the user does while updating: the cue for pauses (`.other` by default).
    open var activityType: CLActivityType {
        get { CLActivityType(manager.activityType) }
        set { manager.activityType = newValue.activityType }
    }

    /// The last fix delivered, nil before the first.
    open var location: CLLocation? { manager.location.map(CLLocation.init) }

    /// What the app may do (iOS 14), remembered across launches.
    open var authorizationStatus: CLAuthorizationStatus { CLAuthorizationStatus(manager.authorizationStatus) }

    /// Whether fixes are precise or approximate (iOS 14).
    open var accuracyAuthorization: CLAccuracyAuthorization { CLAccuracyAuthorization(manager.accuracyAuthorization) }

    /// What the app whose code runs now may do, in the form before iOS 14.
    @available(*, deprecated, message: "Use the authorizationStatus property (iOS 14)")
    open class func authorizationStatus() -> CLAuthorizationStatus {
        let application = Application.current(for: "CLLocationManager.authorizationStatus()")
        return CLAuthorizationStatus(LocationManager.authorizationStatus(of: application))
    }

    /// Asks the user for permission to use location at any time; the answer comes to
    /// `locationManagerDidChangeAuthorization(_:)`.
    open func requestAlwaysAuthorization() {
        manager.requestAlwaysAuthorization()
    }

    /// Asks the user for permission to use location while the app is in use.
    open func requestWhenInUseAuthorization() {
        manager.requestWhenInUseAuthorization()
    }

    /// Starts delivering fixes to `locationManager(_:didUpdateLocations:)`, or resumes paused updates.
    open func startUpdatingLocation() {
        locationRequest?.ownsUpdates = false
        manager.startUpdatingLocation()
    }

    /// Stops delivering fixes; a ``requestLocation()`` waiting ends unanswered (Backgrounder's model).
    open func stopUpdatingLocation() {
        endLocationRequest()
        manager.stopUpdatingLocation()
    }

    /// Starts the significant-change service: a fix at once, then one each time the device has
    /// moved 500 m, waking or launching the app.
    open func startMonitoringSignificantLocationChanges() {
        manager.startMonitoringSignificantLocationChanges()
    }

    open func stopMonitoringSignificantLocationChanges() {
        manager.stopMonitoringSignificantLocationChanges()
    }

    /// Starts the visits service (iOS 8): arrivals and departures come to `locationManager(_:didVisit:)`.
    open func startMonitoringVisits() {
        manager.startMonitoringVisits()
    }

    open func stopMonitoringVisits() {
        manager.stopMonitoringVisits()
    }
}
