import BackgroundApp
import BackgroundWire
import DequeModule
import Foundation
import LocationWire

/// The Location tab: an on/off switch, an accuracy segment, and a map with the last 100
/// locations as pins — the tutorial's `LocationViewController`.
///
/// Every delivered fix becomes a pin (the oldest dropped past 100) and a row of the track
/// store. While the app is active the map's region is recomputed to span the pins, as the
/// tutorial does; in the background each fix is logged instead:
/// `App is backgrounded. New location is <…>`. The pins of the stored track are there again
/// at the next launch.
///
/// Beyond the tutorial's code, it does what its readers had to do on later iOS versions: it sets
/// `allowsBackgroundLocationUpdates` (iOS 9 and later, when the Info.plist declares the
/// `location` mode), starts paused updates again when the app is opened, and asks again when an
/// "Allow Once" authorization has ended.
///
/// Its geofences (`LocationScreen+Regions.swift`) are the app's monitored regions: entries and
/// exits are logged (`App is backgrounded. Entered region Home`) and their states shown. Visits
/// (`LocationScreen+Visits.swift`) and significant changes are switches remembered across
/// launches; what the app heard of them all is marked on the map (``marks``), and any of them
/// starts paused updates again. From iOS 17 it can hold a ``BackgroundActivitySession``
/// (`LocationScreen+ActivitySession.swift`).
///
/// It reaches the system's location service only through its manager's messages, and its
/// controls are taps by name (`LocationScreen+Taps.swift`), so it runs the same in the app's own
/// process. The track store is the app's own file in its data directory.
@AppMain
public final class LocationScreen: LocationManagerDelegate {
    /// The most pins on the map.
    public nonisolated static let pinLimit = 100
    /// The most marks on the map.
    public nonisolated static let markLimit = 100

    public let manager: LocationManager
    /// The switch.
    public private(set) var isOn = false
    /// The newest fixes, oldest first.
    public private(set) var pins: Deque<Location> = []
    /// The pins' coordinates as the snapshot shows them, kept beside the pins so that publishing
    /// a snapshot for every fix copies one array instead of making a hundred.
    private var pinCoordinates: [[Double]] = []
    /// The map's region, computed while active.
    public private(set) var region: MapRegion?
    /// How many fixes the store holds.
    public private(set) var storedCount = 0

    let application: Application
    private let store: TrackStore?
    private var storeProblem: String?
    /// "Allow Once" ended: ask again when the app is next active.
    private var asksAgain = false
    /// Whether significant changes are on, remembered across launches.
    private let significantChangesSwitch: RememberedSwitch
    /// Whether visits are on, remembered across launches.
    let visitsSwitch: RememberedSwitch
    /// The background activity session the screen holds (iOS 17 and later), if it holds one.
    var activitySession: BackgroundActivitySession?
    /// The newest marks on the map, oldest first.
    public private(set) var marks: [MapMark] = []
    /// The app's monitored regions as the screen last read them: at launch, and after each
    /// change it made (the app's only manager that changes them).
    var regions: [CircularRegion] = []
    /// Where the device is relative to each monitored region, as the manager last said.
    var regionStates: [String: RegionState] = [:]
    /// Why the last region the screen asked to monitor failed; nil if it did not.
    var regionFailure: LocationError?

    /// Opens the screen: the manager asks for always-authorization (as the Swift tutorial's
    /// controller does when it loads) and the pins of the stored track come back.
    public init(application: Application, storeURL: URL) {
        self.application = application
        manager = LocationManager(application: application)
        var opened: TrackStore?
        var restored: [Location] = []
        do {
            let (store, movedAside) = try TrackStore.openMovingAsideDamaged(url: storeURL)
            if let movedAside {
                application.logger.info("Location: the track store was damaged; it was kept as \(movedAside.path) and a new track begun")
            }
            opened = store
            storedCount = try store.count()
            restored = try store.last(Self.pinLimit)
        } catch {
            storeProblem = error.description
            application.logger.info("Location: \(error.description); locations are kept in memory only")
        }
        store = opened
        let directory = storeURL.deletingLastPathComponent()
        significantChangesSwitch = RememberedSwitch(url: directory.appendingPathComponent("significant-changes"))
        visitsSwitch = RememberedSwitch(url: directory.appendingPathComponent("visits"))
        addPins(restored)
        manager.delegate = self
        manager.desiredAccuracy = .best
        if application.profile.iOSVersion >= 9, application.infoPlist.declares(.location) {
            manager.allowsBackgroundLocationUpdates = true
        }
        manager.requestAlwaysAuthorization()
        regions = manager.monitoredRegions
        for region in regions { manager.requestState(for: region) }
        // As Apple asks of an app launched for a location event: start the services again.
        if significantChangesSwitch.isOn { manager.startMonitoringSignificantLocationChanges() }
        if visitsSwitch.isOn { manager.startMonitoringVisits() }
        application.addObserver(for: .didBecomeActive) { [weak self] in self?.becameActive() }
        handleTaps()
        publish()
    }

    // MARK: Taps

    /// The switch: starts or stops location updates.
    public func setOn(_ on: Bool) {
        isOn = on
        if on { manager.startUpdatingLocation() } else { manager.stopUpdatingLocation() }
        publish()
    }

    /// Turns the significant-change location service on or off, remembered across launches.
    public func setSignificantChanges(_ on: Bool) {
        if on { manager.startMonitoringSignificantLocationChanges() } else { manager.stopMonitoringSignificantLocationChanges() }
        remember(on, in: significantChangesSwitch, for: "significant changes")
        publish()
    }

    /// The accuracy segment.
    public func selectAccuracy(_ accuracy: LocationAccuracy) {
        manager.desiredAccuracy = accuracy
        publish()
    }

    /// The distance filter (no control on the tutorial's screen; the command sets it).
    public func setDistanceFilter(_ filter: DistanceFilter) {
        manager.distanceFilter = filter
        publish()
    }

    // MARK: LocationManagerDelegate

    public func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) {
        if manager.isDeliveringSignificantChange, let fix = locations.last {
            mark(MapMark(.significantChange, at: fix.coordinate, time: fix.timestamp))
            restartPausedUpdates(on: "a significant location change")
        }
        addPins(locations)
        store(locations)
        if application.applicationState == .active {
            updateRegion()
        } else {
            for location in locations { application.logger.info("App is backgrounded. New location is \(location)") }
        }
        publish()
    }

    public func locationManager(_ manager: LocationManager, didFailWithError error: LocationError) {
        application.logger.info("Location updates failed: \(error.description)")
        isOn = false
        publish()
    }

    public func locationManagerDidChangeAuthorization(_ manager: LocationManager) {
        // The switch was turned on before the user answered: updates start now, or fail if denied.
        if isOn, !manager.isUpdating, !manager.isPaused, manager.authorizationStatus != .notDetermined {
            manager.startUpdatingLocation()
        }
        if manager.authorizationStatus == .notDetermined { asksAgain = true }
        publish()
    }

    public func locationManagerDidPauseLocationUpdates(_ manager: LocationManager) {
        application.logger.info("Location updates paused; they start again when the app is opened")
        publish()
    }

    public func locationManagerDidResumeLocationUpdates(_ manager: LocationManager) {
        publish()
    }

    /// Starts paused updates again on a location event that reached the app in the background —
    /// a region crossing, a significant change, a visit — as Apple leaves it to the app: Core
    /// Location does not resume them. Only Always authorization allows it in the background.
    func restartPausedUpdates(on event: String) {
        guard manager.isPaused, manager.authorizationStatus == .authorizedAlways || application.applicationState == .active else { return }
        application.logger.info("Restarting the paused location updates on \(event)")
        manager.startUpdatingLocation()
    }

    /// Remembers `on` in `remembered`, or says that `what` stays so for this launch only.
    func remember(_ on: Bool, in remembered: RememberedSwitch, for what: String) {
        if let problem = remembered.remember(on) {
            application.logger.info("Location: \(problem); \(what) stay \(on ? "on" : "off") for this launch only")
        }
    }

    /// Puts `mark` on the map, the oldest going past ``markLimit``.
    func mark(_ mark: MapMark) {
        marks.append(mark)
        if marks.count > Self.markLimit { marks.removeFirst(marks.count - Self.markLimit) }
    }

    // MARK: State

    /// What the screen shows.
    public var snapshot: LocationSnapshot {
        LocationSnapshot(
            on: isOn, accuracy: manager.desiredAccuracy, distanceFilter: manager.distanceFilter.meters,
            authorization: manager.authorizationStatus, accuracyAuthorization: manager.accuracyAuthorization,
            paused: manager.isPaused, storedCount: storedCount, pins: pins.count,
            pinCoordinates: pinCoordinates,
            lastFix: pins.last.map(LocationSnapshot.Fix.init), region: region, storeProblem: storeProblem,
            significantChanges: manager.isMonitoringSignificantLocationChanges, visits: manager.isMonitoringVisits, marks: marks,
            backgroundActivitySession: activitySession != nil,
            regions: regions.map { LocationSnapshot.Region($0, state: regionStates[$0.identifier] ?? .unknown) })
    }

    func publish() {
        application.publish(snapshot, for: .location)
    }

    /// Puts `locations` on the map, the oldest going once there are more than ``pinLimit``.
    private func addPins(_ locations: some Collection<Location>) {
        pins.append(contentsOf: locations)
        pinCoordinates += locations.map { [$0.coordinate.latitude, $0.coordinate.longitude] }
        let excess = pins.count - Self.pinLimit
        guard excess > 0 else { return }
        pins.removeFirst(excess)
        pinCoordinates.removeFirst(excess)
    }

    private func becameActive() {
        if manager.isPaused { manager.startUpdatingLocation() }
        if asksAgain {
            asksAgain = false
            manager.requestAlwaysAuthorization()
        }
        // The pins collected in the background are on the map; the region follows them.
        updateRegion()
        publish()
    }

    private func updateRegion() {
        if let spanning = MapRegion(spanning: pins.lazy.map(\.coordinate)) { region = spanning }
    }

    private func store(_ locations: [Location]) {
        guard let store else { return }
        do {
            try store.append(locations)
            storedCount += locations.count
        } catch {
            if storeProblem == nil { application.logger.info("Location: \(error.description)") }
            storeProblem = error.description
        }
    }
}
