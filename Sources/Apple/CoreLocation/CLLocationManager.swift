import BackgroundRuntime
import Foundation
import Location
import Synchronization

/// The app's handle on the location service, in Apple's spelling: a runtime ``LocationManager``
/// for the launch whose code makes it, whose events reach ``delegate`` as Apple's types. It only
/// converts: what is delivered when, and what fails, is the runtime's.
///
/// As Apple's (`class CLLocationManager`, not isolated to an actor), it is a plain class: any
/// code may make one and call it, a nonisolated class of the Swift 6 language mode included. Its
/// calls are carried out on the app's main executor, where the runtime's manager lives — at once
/// from the app's main thread, after the jobs already queued from another thread. The delegate is
/// called there too: Apple: "Core Location calls the methods of your delegate object using the
/// RunLoop of the thread on which you initialized the CLLocationManager object. That thread must
/// itself have an active run loop, like the one found in your app's main thread" (CLLocationManager).
/// A property the app sets reads back at once from any thread; what the system tells (the
/// location, the authorization, the regions) reads, off the main thread, as the last event
/// delivered left it (Backgrounder's model). It is an `NSObject`, as Apple's is, so a delegate
/// serving several managers tells them apart with `==`.
open class CLLocationManager: NSObject, MainExecutorBound {
    /// The app whose manager it is.
    package let application: Application
    /// The runtime manager's delegate, which hands its events on to ``delegate``.
    let relay: LocationManagerRelay
    /// The runtime's manager, made on first use on the app's main executor.
    @AppMain private var runtimeManager: LocationManager?
    /// The `requestLocation()` waiting for its fix, if any.
    @AppMain var locationRequest: CLLocationRequest?
    /// The runtime manager whose fixes' courses are the headings, and its delegate; made by the
    /// first `startUpdatingHeading()`.
    @AppMain var headingSource: (manager: LocationManager, relay: HeadingRelay)?
    /// The heading last delivered, in degrees, for ``headingFilter``.
    @AppMain var lastDeliveredHeading: CLLocationDirection?
    /// What the app set and the system last told, for reads from any thread.
    let kept = Mutex(Kept())

    /// The settings as the app set them, and the system's state as the last event left it.
    struct Kept {
        var desiredAccuracy = kCLLocationAccuracyBest
        var distanceFilter = DistanceFilter.none
        var allowsBackgroundLocationUpdates = false
        var pausesLocationUpdatesAutomatically = true
        var activityType = CLActivityType.other
        var showsBackgroundLocationIndicator = false
        var headingFilter: CLLocationDegrees = 1
        var heading: CLHeading?
        var location: Location?
        var authorizationStatus = AuthorizationStatus.notDetermined
        var accuracyAuthorization = AccuracyAuthorization.fullAccuracy
        var monitoredRegions: [CircularRegion] = []
    }

    /// The heading last delivered; nil before the first.
    open internal(set) var heading: CLHeading? {
        get { kept.withLock { $0.heading } }
        set { kept.withLock { $0.heading = newValue } }
    }

    /// How many degrees the heading must turn before the next is delivered (1 by default);
    /// ``kCLHeadingFilterNone`` (or any value not above 0) delivers every one.
    open var headingFilter: CLLocationDegrees {
        get { kept.withLock { $0.headingFilter } }
        set { kept.withLock { $0.headingFilter = newValue } }
    }

    /// A manager of the app whose code runs now, as `CLLocationManager()` is the process's. Made
    /// on the app's main thread (as Apple asks), it registers with the location service at once.
    ///
    /// - precondition: the caller is the app's code, running on its device; elsewhere there is
    ///   no app for the manager to belong to.
    public override init() {
        application = Application.current(for: "CLLocationManager()")
        relay = LocationManagerRelay()
        super.init()
        onMain { _ = $0.manager }
    }

    /// The runtime's manager, made on first use.
    @AppMain var manager: LocationManager {
        if let runtimeManager { return runtimeManager }
        let made = LocationManager(application: application)
        runtimeManager = made
        relay.owner = self
        made.delegate = relay
        noteSystemState()
        return made
    }

    /// Keeps the runtime manager's state for reads from other threads.
    @AppMain func noteSystemState() {
        guard let runtimeManager else { return }
        let location = runtimeManager.location
        let status = runtimeManager.authorizationStatus
        let accuracy = runtimeManager.accuracyAuthorization
        kept.withLock {
            $0.location = location
            $0.authorizationStatus = status
            $0.accuracyAuthorization = accuracy
        }
        application.launchObject(LastAuthorization.self) { LastAuthorization() }.status.withLock { $0 = status }
    }

    /// The receiver of the manager's events; not retained. Set it before starting a service, as
    /// Apple asks; like Apple's (`nonatomic` on iOS) it is not guarded against two threads.
    open weak var delegate: (any CLLocationManagerDelegate)?

    /// The accuracy wanted (``kCLLocationAccuracyBest`` by default). A value between the named
    /// ones asks for the finer one: the runtime's accuracies stand for how often the source is
    /// asked for a fix, and reading the property gives that named value back.
    open var desiredAccuracy: CLLocationAccuracy {
        get { kept.withLock { $0.desiredAccuracy } }
        set {
            let accuracy = LocationAccuracy(desired: newValue)
            kept.withLock { $0.desiredAccuracy = accuracy.desired }
            onMain { $0.manager.desiredAccuracy = accuracy }
        }
    }

    /// How far the device must move between two fixes delivered, in meters;
    /// ``kCLDistanceFilterNone`` (the default) delivers every one. A value the runtime refuses
    /// (not finite, past 20,000 km) leaves the filter as it was.
    open var distanceFilter: CLLocationDistance {
        get { kept.withLock { $0.distanceFilter.meters } ?? kCLDistanceFilterNone }
        set {
            let filter = kept.withLock { kept in
                kept.distanceFilter = newValue < 0 ? .none : DistanceFilter(meters: newValue) ?? kept.distanceFilter
                return kept.distanceFilter
            }
            onMain { $0.manager.distanceFilter = filter }
        }
    }

    /// Whether updates go on in the background (iOS 9; false by default). Setting it true when
    /// the Info.plist lacks the `location` mode crashes the app, as on iOS.
    open var allowsBackgroundLocationUpdates: Bool {
        get { kept.withLock { $0.allowsBackgroundLocationUpdates } }
        set {
            kept.withLock { $0.allowsBackgroundLocationUpdates = newValue }
            onMain { manager in
                manager.manager.allowsBackgroundLocationUpdates = newValue
                manager.headingSource?.manager.allowsBackgroundLocationUpdates = manager.manager.allowsBackgroundLocationUpdates
            }
        }
    }

    /// Whether the system may pause updates while the device stays still (true by default).
    open var pausesLocationUpdatesAutomatically: Bool {
        get { kept.withLock { $0.pausesLocationUpdatesAutomatically } }
        set {
            kept.withLock { $0.pausesLocationUpdatesAutomatically = newValue }
            onMain { $0.manager.pausesLocationUpdatesAutomatically = newValue }
        }
    }

    /// What the user does while updating: the cue for pauses (`.other` by default).
    open var activityType: CLActivityType {
        get { kept.withLock { $0.activityType } }
        set {
            kept.withLock { $0.activityType = newValue }
            onMain { $0.manager.activityType = newValue.activityType }
        }
    }

    /// The last fix delivered, nil before the first.
    open var location: CLLocation? {
        (readOnMain { $0.manager.location } ?? kept.withLock { $0.location }).map(CLLocation.init)
    }

    /// What the app may do (iOS 14), remembered across launches.
    open var authorizationStatus: CLAuthorizationStatus {
        CLAuthorizationStatus(readOnMain { $0.manager.authorizationStatus } ?? kept.withLock { $0.authorizationStatus })
    }

    /// Whether fixes are precise or approximate (iOS 14).
    open var accuracyAuthorization: CLAccuracyAuthorization {
        CLAccuracyAuthorization(readOnMain { $0.manager.accuracyAuthorization } ?? kept.withLock { $0.accuracyAuthorization })
    }

    /// What the app whose code runs now may do, in the form before iOS 14: asked of the system
    /// on the app's main thread; elsewhere, what the launch's managers last heard.
    @available(*, deprecated, message: "Use the authorizationStatus property (iOS 14)")
    open class func authorizationStatus() -> CLAuthorizationStatus {
        let application = Application.current(for: "CLLocationManager.authorizationStatus()")
        let memo = application.launchObject(LastAuthorization.self) { LastAuthorization() }
        guard application.isOnMainExecutor else { return CLAuthorizationStatus(memo.status.withLock { $0 }) }
        return CLAuthorizationStatus(AppMain.assumeIsolated { LocationManager.authorizationStatus(of: application) })
    }

    /// Asks the user for permission to use location at any time; the answer comes to
    /// `locationManagerDidChangeAuthorization(_:)`.
    open func requestAlwaysAuthorization() {
        onMain { $0.manager.requestAlwaysAuthorization() }
    }

    /// Asks the user for permission to use location while the app is in use.
    open func requestWhenInUseAuthorization() {
        onMain { $0.manager.requestWhenInUseAuthorization() }
    }

    /// Starts delivering fixes to `locationManager(_:didUpdateLocations:)`, or resumes paused updates.
    open func startUpdatingLocation() {
        onMain {
            $0.locationRequest?.ownsUpdates = false
            $0.manager.startUpdatingLocation()
        }
    }

    /// Stops delivering fixes; a ``requestLocation()`` waiting ends unanswered (Backgrounder's model).
    open func stopUpdatingLocation() {
        onMain {
            $0.endLocationRequest()
            $0.manager.stopUpdatingLocation()
        }
    }

    /// Starts the significant-change service: a fix at once, then one each time the device has
    /// moved 500 m, waking or launching the app.
    open func startMonitoringSignificantLocationChanges() {
        onMain { $0.manager.startMonitoringSignificantLocationChanges() }
    }

    open func stopMonitoringSignificantLocationChanges() {
        onMain { $0.manager.stopMonitoringSignificantLocationChanges() }
    }

    /// Starts the visits service (iOS 8): arrivals and departures come to `locationManager(_:didVisit:)`.
    open func startMonitoringVisits() {
        onMain { $0.manager.startMonitoringVisits() }
    }

    open func stopMonitoringVisits() {
        onMain { $0.manager.stopMonitoringVisits() }
    }
}
