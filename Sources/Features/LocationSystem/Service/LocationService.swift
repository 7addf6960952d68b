import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import Foundation
import LocationWire
import Synchronization

/// The system's location service — iOS's location daemon: it runs the chosen source, filters
/// its fixes for each ``LocationManager`` and delivers them to the app while the app may have
/// them.
///
/// - **Messages only** (`LocationService+Calls.swift`, `LocationService+Delivery.swift`): the
///   app's clients (``LocationManager``, ``LocationMonitor``, ``BackgroundActivitySession``)
///   call it by ``LocationServiceCall``s and hold no reference to it or its sources, so the same
///   bytes reach it from an app in its own process. What it has for a client waits in that
///   client's ``Mailbox`` until it can leave, and is pushed to the client's channel in batches.
/// - **Authorization** (`LocationService+Permission.swift`): it answers the app's requests with
///   the user's answer chosen ahead (`--location-authorization`), or shows the era's permission
///   alert and waits for the user (``authorize(_:)``), after checking the Info.plist's usage
///   descriptions. The rules are ``LocationPermission``'s.
/// - **The source** runs while some manager is updating and the app's code can run, asked for
///   fixes as often as the finest ``LocationAccuracy`` wanted, and while the system watches
///   regions or significant changes for the app, whatever its state (every
///   ``monitoringInterval`` at least).
/// - **The background.** A manager has a background session when the Info.plist declares the
///   `location` mode and, from iOS 9, its `allowsBackgroundLocationUpdates` is true (before iOS 9
///   the mode alone). While one is updating, the service holds a ``BackgroundActivity`` that keeps
///   the app running in the background; without one the app is suspended, gets no updates, and
///   the console says why. An app that runs in the background for another reason still gets
///   updates if it has Always authorization (Apple's `allowsBackgroundLocationUpdates` header:
///   "Access to location is still permitted whenever the application is running").
/// - **Pauses** (`LocationService+Pause.swift`): in the background, updates of a manager that
///   `pausesLocationUpdatesAutomatically` pause once the device stays still (``PauseWatch``).
/// - **Approximate location**: with reduced accuracy every manager gets ``ApproximateLocation``
///   fixes.
/// - **Regions** (`LocationService+Regions.swift`): the app's monitored regions outlive its
///   launches; while there are any and the app has Always authorization the source runs, even
///   with the app suspended or not running, and a crossing (``RegionMonitor``) wakes or launches
///   the app.
/// - **Significant changes** (`LocationService+SignificantChanges.swift`): a fix every 500 m,
///   at most one every 5 minutes (``SignificantChangeFilter``), waking or launching the app.
/// - **Location monitors** (`LocationService+Monitors.swift`, iOS 17): named sets of circular
///   conditions, decided as regions are, waking or launching the app.
/// - **Visits** (`LocationService+Visits.swift`): arrivals and departures found in the fixes
///   (``VisitDetector``), waking or launching the app.
///
/// It is made once per device and outlives the app's launches, as the daemon outlives apps. It
/// never calls the device while holding its own locks: the device may call back.
public final class LocationService: Sendable {
    public let device: Device
    /// The user's answer to the app's authorization requests, chosen ahead; `ask` shows the alert.
    public var answer: LocationAuthorization { state.withLock { $0.answer } }

    /// One location manager of the running app.
    struct Client {
        var settings = UpdateSettings()
        var filter = LocationFilter()
        var approximate = ApproximateLocation()
        var isUpdating = false
        /// Paused by the system; the app's next start resumes it.
        var isPaused = false
        /// It monitors significant location changes.
        var monitorsSignificantChanges = false
        /// It monitors visits.
        var monitorsVisits = false
        var pauseWatch: PauseWatch?
    }

    /// How often the source is asked for a fix for what the system watches for the app whatever
    /// its state — regions and significant changes: Backgrounder's model of the low-power
    /// positioning iOS uses for them (Apple gives no number).
    static let monitoringInterval = Duration.seconds(5)
    /// How long an app woken or launched for a region crossing, a significant change or a visit
    /// may take to handle it (Location and Maps Programming Guide: "around 10 seconds").
    static let eventTimeLimit = Duration.seconds(10)
    /// From this many fixes waiting for a manager the source is held (``LocationSource/hold(_:)``)
    /// until the app has taken them, so that a flood from gpsd waits in gpsd, not here.
    static let holdThreshold = 250

    struct State {
        var source: any LocationSource
        var runningInterval: Duration?
        var clients: [Int: Client] = [:]
        /// What waits for each client of the running app — managers and monitors — by number.
        var mailboxes: [Int: Mailbox] = [:]
        var nextClientID = 1
        var nextCountdown = 1
        var answer: LocationAuthorization
        var permission: LocationPermission
        /// The identifier of the permission alert on screen.
        var alert: Int?
        var activity: BackgroundActivityToken?
        /// Some thread is beginning the activity.
        var isBeginningActivity = false
        /// The source is held while an app is behind.
        var isSourceHeld = false
        /// The app's monitored regions; they outlive its launches.
        var regions = RegionMonitor()
        /// Region events that came while the app had no manager, oldest first, each with the fix
        /// the system decided it on (`.region(event, latest: fix)`): the manager made later —
        /// by an app whose process is still starting while time goes on — gets that fix, not
        /// a later one.
        var undeliveredRegionEvents: [LocationEvent] = []
        /// The source's newest valid fix, for states asked of unmonitored regions.
        var lastFix: Location?
        /// The app monitors significant location changes: from a manager's start to the last
        /// manager's stop, across the app's launches.
        var significantChanges: SignificantChangeFilter?
        /// The significant change that came while no manager monitored them (one that launched the app).
        var undeliveredSignificantChange: Location?
        /// The app monitors visits: from a manager's start to the last manager's stop, across
        /// the app's launches.
        var visits: VisitDetector?
        /// Visits that came while no manager monitored them, oldest first.
        var undeliveredVisits: [Visit] = []
        /// The conditions of the app's location monitors by name; they outlive its launches.
        var monitors: [String: RegionMonitor] = [:]
        /// The open location monitors of the running app: each one's name.
        var monitorClients: [Int: String] = [:]
        /// Condition changes that came while no monitor of their name was open, oldest first.
        var undeliveredMonitorEvents: [String: [MonitorEvent]] = [:]

        /// Holds or releases the source as the fixes waiting say; returns the source and
        /// whether to hold it, if that changes (carry it out with ``LocationService/applyHold(_:)``).
        mutating func reconsiderHold() -> (any LocationSource, Bool)? {
            let mustHold = clients.keys.contains { (mailboxes[$0]?.fixCount ?? 0) >= LocationService.holdThreshold }
            guard mustHold != isSourceHeld else { return nil }
            isSourceHeld = mustHold
            return (source, mustHold)
        }
    }

    let state: Mutex<State>
    /// The service's end of its clients' channels.
    let host: ServiceHost<LocationMessages>
    /// The receiver as the device's energy accounts know it: on at an accuracy, or off.
    let receiver = Mutex<(token: EnergyUsageToken, accuracy: String)?>(nil)
    /// How many background activity sessions the app holds (`LocationService+ActivitySessions.swift`).
    let activitySessions = Atomic(0)
    /// Held while the source is started or stopped, so that those calls happen in the order decided.
    private let control = Mutex(())
    /// Held while the source is held or released (``applyHold(_:)``).
    private let holdControl = Mutex(())

    /// Makes the service of `device`, with gpsd at 127.0.0.1:2947 as its source until another is chosen.
    public init(device: Device, answer: LocationAuthorization = .always) {
        self.device = device
        state = Mutex(State(
            source: GPSDSource(endpoint: .standard, loop: device.loop, log: Self.log(to: device)), answer: answer,
            permission: LocationPermission(iOS: device.profile.iOSVersion)))
        host = ServiceHost(device: device)
        device.observers.observeStateChanges { [weak self] change in self?.appStateChanged(change) }
        host.answerCalls { [weak self] call in self?.answer(call) }
    }

    // MARK: Choosing the source (the Simulator's Debug ▸ Location menu)

    /// The source fixes come from now.
    public var source: any LocationSource { state.withLock { $0.source } }

    /// Carries out a hold decision of ``State/reconsiderHold()`` made under the state's lock.
    /// Threads that decided in turn may get here in another order, so the source is given the
    /// service's latest decision, read while no other thread gives it one: the last to get here
    /// leaves it as last decided, never held after a release.
    func applyHold(_ change: (any LocationSource, Bool)?) {
        guard change != nil else { return }
        holdControl.withLock { _ in
            let (source, isHeld) = state.withLock { ($0.source, $0.isSourceHeld) }
            source.hold(isHeld)
        }
    }

    /// Makes `source` the one fixes come from, stopping the one before.
    public func use(_ source: any LocationSource) {
        let replaced = control.withLock { _ -> BackgroundActivityToken? in
            let (old, replaced) = state.withLock { state -> (any LocationSource, BackgroundActivityToken?) in
                let old = state.source
                state.source = source
                state.runningInterval = nil
                state.isSourceHeld = false
                // The activity is named after the source: a new one is begun before the old one ends.
                defer { state.activity = nil }
                return (old, state.activity)
            }
            old.stop()
            return replaced
        }
        device.console.log("Location source: \(source.name)")
        reconsider()
        if let replaced { device.endActivity(replaced) }
    }

    /// Simulates `track` as the device's movement from now on.
    public func simulate(_ track: Track, speed: Double = 1, loops: Bool = false) {
        use(RouteReplay(
            track: track, speed: speed, loops: loops, loop: device.loop, wallClock: device.console.wallClock,
            log: Self.log(to: device)))
    }

    /// Follows gpsd at `endpoint`.
    public func followGPSD(at endpoint: GPSDEndpoint) {
        use(GPSDSource(endpoint: endpoint, loop: device.loop, log: Self.log(to: device)))
    }

    /// A source's console voice: lines on the device's console.
    private static func log(to device: Device) -> @Sendable (String) -> Void {
        { [console = device.console] in console.log($0) }
    }

    // MARK: The managers (their calls: `LocationService+Calls.swift`)

    /// A new manager: its number and what the app may do now. Region events that came while
    /// the app had no manager — those that launched it — are sent to it at once, and reach it
    /// once the app's code that made it has run (its delegate is set by then).
    func register() -> ManagerRegistration {
        let (registration, returnsCredit, waited) = state.withLock { state -> (ManagerRegistration, @Sendable () -> Void, Bool) in
            let id = state.nextClientID
            state.nextClientID += 1
            state.clients[id] = Client()
            let returnsCredit = openMailbox(id, in: &state)
            let registration = ManagerRegistration(client: id, authorization: LocationAuthorizationState(state.permission))
            let waiting = state.undeliveredRegionEvents
            state.undeliveredRegionEvents.removeAll()
            for event in waiting { _ = state.put(event, for: id) }
            return (registration, returnsCredit, !waiting.isEmpty)
        }
        returnsCredit()
        if waited { send(to: registration.client, wakingFor: Self.waitingEvents) }
        return registration
    }

    /// Manager or monitor `id` is gone.
    func unregister(_ id: Int) {
        let (timer, release) = state.withLock { state in
            state.mailboxes[id] = nil
            state.monitorClients[id] = nil
            return (state.clients.removeValue(forKey: id)?.pauseWatch?.timer, state.reconsiderHold())
        }
        host.forget(channel: LocationMessages.channel(id))
        device.loop.cancel(timer)
        applyHold(release)
        reconsider()
    }

    /// Takes client `id`'s new settings; its distance reference is kept. Turning
    /// `allowsBackgroundLocationUpdates` on requires the `location` mode.
    func configure(_ id: Int, _ settings: UpdateSettings) {
        let allowsNewly = state.withLock { state in
            settings.allowsBackgroundUpdates && state.clients[id]?.settings.allowsBackgroundUpdates == false
        }
        if allowsNewly, !requireLocationMode() { return }
        let timer = state.withLock { state -> SystemTimer? in
            guard var client = state.clients[id] else { return nil }
            let timer = settings.pausesAutomatically ? nil : client.pauseWatch?.timer
            if !settings.pausesAutomatically { client.pauseWatch = nil }
            client.settings = settings
            client.filter.distance = settings.distance
            state.clients[id] = client
            return timer
        }
        device.loop.cancel(timer)
        reconsider()
    }

    /// `allowsBackgroundLocationUpdates` was set to true: from iOS 9 an app whose Info.plist
    /// lacks the `location` mode crashes, as Core Location's assertion makes it. Returns false
    /// if it crashed.
    private func requireLocationMode() -> Bool {
        guard device.profile.iOSVersion >= 9, !device.infoPlist.declares(.location) else { return true }
        device.console.log("*** Assertion failure in -[CLLocationManager setAllowsBackgroundLocationUpdates:]")
        device.crash(
            "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: "
                + "'Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient)'")
        return false
    }

    /// Starts updates for client `id`, or says why they cannot start. Paused updates resume,
    /// and the manager hears of it first.
    func startUpdating(_ id: Int, settings: UpdateSettings) -> LocationError? {
        let appState = device.appState
        let (error, resumed) = state.withLock { state -> (LocationError?, Bool?) in
            guard var client = state.clients[id] else { return (nil, nil) }
            switch state.permission.status {
            case .notDetermined: return (.notAuthorized, nil)
            case .denied: return (.denied, nil)
            case .authorizedWhenInUse where !appState.isForeground && !client.isUpdating: return (.notInForeground, nil)
            case .authorizedWhenInUse, .authorizedAlways:
                let wasPaused = client.isPaused
                client.settings = settings
                client.filter.distance = settings.distance
                client.isUpdating = true
                client.isPaused = false
                state.clients[id] = client
                return (nil, wasPaused ? state.put(.resumed, for: id) : nil)
            }
        }
        if error == .notAuthorized {
            device.report(
                .locationNotAuthorized,
                "startUpdatingLocation() was called while the app's location authorization is notDetermined "
                    + "(its request was never made or failed); iOS delivers no updates then")
        }
        if let resumed {
            device.console.log("Location updates resumed")
            if resumed == true { send(to: id) }
        }
        reconsider()
        return error
    }

    /// Stops client `id`'s updates; the next start measures distance afresh and gets a first fix
    /// at once. Fixes waiting for it are not delivered.
    func stopUpdating(_ id: Int) {
        let (timer, release) = state.withLock { state -> (SystemTimer?, (any LocationSource, Bool)?) in
            guard var client = state.clients[id] else { return (nil, nil) }
            let timer = client.pauseWatch?.timer
            client.isUpdating = false
            client.isPaused = false
            client.pauseWatch = nil
            client.filter = LocationFilter(distance: client.settings.distance)
            client.approximate = ApproximateLocation()
            state.clients[id] = client
            state.mailboxes[id]?.stopUpdates()
            return (timer, state.reconsiderHold())
        }
        device.loop.cancel(timer)
        applyHold(release)
        reconsider()
    }

    // MARK: Fixes

    /// Puts a fix from the source in the mailbox of every updating client that may have it now,
    /// and sends it on. Fixes that arrive while the client has no credit left wait together, and
    /// the manager gets them together (Apple's `locationManager(_:didUpdateLocations:)`: "If
    /// updates were deferred or if multiple locations arrived before they could be delivered,
    /// the array may contain additional entries"): one message to the app per batch, not per fix.
    private func receive(_ location: Location) {
        let appState = device.appState
        let now = device.now
        let (toTell, hold, heard) = state.withLock { state -> ([Int], (any LocationSource, Bool)?, [Heard]) in
            // Built only of what was heard: most fixes are heard by none of these, and an empty
            // array costs nothing.
            var heard: [Heard] = []
            if let region = observeRegions(location, at: now, in: &state) { heard.append(region) }
            if let change = observeSignificantChange(location, at: now, in: appState, state: &state) { heard.append(change) }
            if let visit = observeVisit(location, in: &state) { heard.append(visit) }
            heard += observeMonitors(location, at: now, in: &state)
            guard state.permission.status.isAuthorized, appState.isRunning else { return ([], nil, heard) }
            var toTell: [Int] = []
            for id in state.clients.keys.sorted() {
                guard var client = state.clients[id], client.isUpdating else { continue }
                if appState == .background { watchForPause(&client, id: id, fix: location, in: &state) }
                let fix = admit(location, to: &client, at: now, in: appState, permission: state.permission)
                state.clients[id] = client
                guard let fix else { continue }
                if state.put(fix: fix, for: id) { toTell.append(id) }
                if appState == .background { state.permission.usedInBackground() }
            }
            return (toTell, state.reconsiderHold(), heard)
        }
        for heard in heard { bringApp(toHear: heard) }
        applyHold(hold)
        for id in toTell { send(to: id) }
    }

    /// The fix `client` gets for `location`, if it may have one: approximate with reduced
    /// accuracy, and past its distance filter.
    private func admit(
        _ location: Location, to client: inout Client, at now: Duration, in appState: AppState, permission: LocationPermission
    ) -> Location? {
        let mayHave = switch appState {
        case .active, .inactive: true
        case .background: permission.status == .authorizedAlways || hasBackgroundSession(client.settings)
        case .suspended, .notRunning: false
        }
        guard mayHave, location.isValid else { return nil }
        var fix = location
        if permission.accuracy == .reducedAccuracy {
            guard let approximate = client.approximate.admit(location, at: now) else { return nil }
            fix = approximate
        }
        return client.filter.admit(fix) ? fix : nil
    }

    /// Whether a manager with `settings` keeps receiving in the background: the `location` mode,
    /// and from iOS 9 `allowsBackgroundLocationUpdates` or, from iOS 17, a background activity session.
    func hasBackgroundSession(_ settings: UpdateSettings) -> Bool {
        device.infoPlist.declares(.location)
            && (device.profile.iOSVersion < 9 || settings.allowsBackgroundUpdates || holdsBackgroundActivitySession)
    }

    // MARK: Running the source

    /// Starts, retunes or stops the source, and begins or ends the background activity, to match
    /// the clients, the authorization and the app's state.
    func reconsider() {
        let receiver = control.withLock { _ -> String? in
            let appState = device.appState
            let (source, action, receiver) = state.withLock { state -> (any LocationSource, SourceAction, String?) in
                let updates = appState.isRunning ? wantedInterval(state) : nil
                let monitoring = watchesRegions(state) || watchesSignificantChanges(state, in: appState) || watchesVisits(state)
                    || watchesMonitors(state)
                let interval = [updates, monitoring ? Self.monitoringInterval : nil].compactMap { $0 }.min()
                let receiver = updates != nil ? receiverAccuracy(state) : monitoring ? "lowPower" : nil
                let action: SourceAction = switch (state.runningInterval, interval) {
                case (nil, nil): .none
                case (nil, let new?): .start(new)
                case (_?, nil): .stop
                case (let old?, let new?): old == new ? .none : .retune(new)
                }
                state.runningInterval = interval
                return (state.source, action, receiver)
            }
            switch action {
            case .none: break
            case .start(let interval): source.start(interval: interval) { [weak self] in self?.receive($0) }
            case .retune(let interval): source.setInterval(interval)
            case .stop: source.stop()
            }
            return receiver
        }
        reconcileReceiver(accuracy: receiver)
        reconcileActivity()
    }

    /// How often the updating clients want a fix; nil if none may have one.
    private func wantedInterval(_ state: State) -> Duration? {
        guard state.permission.status.isAuthorized else { return nil }
        let reduced = state.permission.accuracy == .reducedAccuracy
        return state.clients.values.filter(\.isUpdating)
            .map { reduced ? ApproximateLocation.sourceInterval : $0.settings.accuracy.updateInterval }.min()
    }

    private enum SourceAction {
        case none, stop
        case start(Duration)
        case retune(Duration)
    }

    /// Holds the activity of the `location` mode while an updating client has a background
    /// session, and only then. The device is called outside the lock: ending an activity may
    /// suspend the app, which calls back into ``appStateChanged(_:)``.
    private func reconcileActivity() {
        while true {
            let step = state.withLock { state -> ActivityStep in
                let wanted = state.permission.status.isAuthorized
                    && state.clients.values.contains { $0.isUpdating && hasBackgroundSession($0.settings) }
                if wanted, state.activity == nil, !state.isBeginningActivity {
                    state.isBeginningActivity = true
                    return .begin(BackgroundActivity(kind: .mode(.location), name: "Location updates from \(state.source.name)"))
                }
                if !wanted, let token = state.activity {
                    state.activity = nil
                    return .end(token)
                }
                return .none
            }
            switch step {
            case .none:
                return
            case .begin(let activity):
                let token = device.beginActivity(activity)
                state.withLock { state in
                    state.activity = token
                    state.isBeginningActivity = false
                }
            case .end(let token):
                device.endActivity(token)
            }
        }
    }

    private enum ActivityStep {
        case none
        case begin(BackgroundActivity)
        case end(BackgroundActivityToken)
    }

    // MARK: The app's state

    private func appStateChanged(_ change: AppStateChange) {
        let (timers, release) = state.withLock { state -> ([SystemTimer], (any LocationSource, Bool)?) in
            let timers = change.to == .background ? [] : cancelPauseWatches(&state)
            guard change.to == .notRunning else { return (timers, nil) }
            // The app's process is gone, and its clients with it; the device dropped its activities.
            state.clients.removeAll()
            state.mailboxes.removeAll()
            state.monitorClients.removeAll()
            state.regions.forgetRequests()
            state.activity = nil
            activitySessions.store(0, ordering: .relaxed)
            return (timers, state.reconsiderHold())
        }
        for timer in timers { device.loop.cancel(timer) }
        applyHold(release)
        // What waits goes, or a suspended app's fixes go.
        for id in state.withLock({ $0.mailboxes.keys.sorted() }) { offerAgain(to: id) }
        switch change.to {
        case .background where change.from.isForeground: enteredBackground()
        case .suspended, .notRunning: noLongerInUse()
        case .active: cameOnScreen()
        case .background, .inactive: break
        }
        reconsider()
    }

    private func enteredBackground() {
        let (updating, session, indicator, authorization) = state.withLock { state in
            let updating = state.clients.values.filter(\.isUpdating)
            let indicator = updating.contains { hasBackgroundSession($0.settings) && $0.settings.showsBackgroundIndicator }
            return (!updating.isEmpty, updating.contains { hasBackgroundSession($0.settings) }, indicator, state.permission.status)
        }
        guard updating else { return }
        let app = device.infoPlist.bundleName
        if !device.infoPlist.declares(.location) {
            device.report(
                .missingBackgroundMode,
                "\(app) is updating its location, but \(device.infoPlist.source) lacks \"location\" in UIBackgroundModes: "
                    + "the app is suspended in the background and gets no location updates until it is opened again")
        } else if !session {
            device.report(
                .backgroundLocationUpdatesOff,
                "\(app) is updating its location, but no location manager has allowsBackgroundLocationUpdates set, which "
                    + "\(device.profile.name) requires besides \"location\" in UIBackgroundModes: location updates do not keep "
                    + "the app running in the background, and once it is suspended it gets none until it is opened again")
        } else if authorization == .authorizedWhenInUse {
            device.console.log("\(app) uses your location in the background with When In Use authorization: the status bar turns blue")
        } else if authorization == .authorizedAlways, device.profile.iOSVersion >= 11 {
            device.console.log(indicator
                ? "\(app) uses your location in the background with Always authorization and showsBackgroundLocationIndicator: the status bar turns blue"
                : "\(app) uses your location in the background with Always authorization: no indicator, as showsBackgroundLocationIndicator is false")
        }
    }
}

extension DiagnosticRule {
    /// A location authorization request failed because the Info.plist lacks its usage description.
    public static let missingUsageDescription = DiagnosticRule(rawValue: "missing-usage-description")
    /// Location updates were started without authorization.
    public static let locationNotAuthorized = DiagnosticRule(rawValue: "location-not-authorized")
    /// The app left the foreground updating its location without allowsBackgroundLocationUpdates (iOS 9 and later).
    public static let backgroundLocationUpdatesOff = DiagnosticRule(rawValue: "background-location-updates-off")
}
