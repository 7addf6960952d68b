import BackgroundRuntime
import Foundation
import Synchronization

/// The system's location service — iOS's location daemon: it runs the chosen source, filters
/// its fixes for each ``LocationManager`` and delivers them to the app while the app may have
/// them.
///
/// - It answers the app's authorization request with the user's answer chosen ahead
///   (`--location-authorization`), or shows the permission alert and waits for the user's
///   answer (``authorize(_:)``), after checking the Info.plist's usage description.
/// - It runs the source only while some manager is updating and the app's code can run, and
///   asks it for fixes as often as the finest ``LocationAccuracy`` wanted.
/// - While updating it holds a ``BackgroundActivity`` of the `location` mode, which keeps the
///   app running in the background if the Info.plist declares the mode. Without the mode the
///   app is suspended, gets no updates, and the console says why.
///
/// It is made once per device and outlives the app's launches, as the daemon outlives apps.
public final class LocationService: Sendable {
    public let device: Device
    /// The user's answer to the app's authorization requests, chosen ahead; `ask` shows the alert.
    public var answer: LocationAuthorization { state.withLock { $0.answer } }

    /// One location manager of the running app.
    private struct Client {
        var filter = LocationFilter()
        var isUpdating = false
        let deliver: @AppMain @Sendable (Location) -> Void
        let authorizationChanged: @AppMain @Sendable () -> Void
    }

    private struct State {
        var source: any LocationSource
        var runningInterval: Duration?
        var clients: [Int: Client] = [:]
        var nextClientID = 1
        var answer: LocationAuthorization
        var authorization = AuthorizationStatus.notDetermined
        /// The permission alert on screen.
        var alert: Int?
        var activity: BackgroundActivityToken?
    }

    private let state: Mutex<State>
    /// Held while the source is started or stopped, so that those calls happen in the order decided.
    private let control = Mutex(())

    /// Makes the service of `device`, with gpsd at 127.0.0.1:2947 as its source until another is chosen.
    public init(device: Device, answer: LocationAuthorization = .always) {
        self.device = device
        state = Mutex(State(
            source: GPSDSource(endpoint: .standard, loop: device.loop, log: Self.log(to: device)), answer: answer))
        device.observeStateChanges { [weak self] change in self?.appStateChanged(change) }
    }

    // MARK: Choosing the source (the Simulator's Debug ▸ Location menu)

    /// The source fixes come from now.
    public var source: any LocationSource { state.withLock { $0.source } }

    /// Makes `source` the one fixes come from, stopping the one before.
    public func use(_ source: any LocationSource) {
        let replaced = control.withLock { _ -> BackgroundActivityToken? in
            let (old, replaced) = state.withLock { state -> (any LocationSource, BackgroundActivityToken?) in
                let old = state.source
                state.source = source
                state.runningInterval = nil
                // The activity is named after the source: hold the new one before ending the old.
                let replaced = state.activity
                if replaced != nil { state.activity = device.beginActivity(activity(for: source)) }
                return (old, replaced)
            }
            old.stop()
            return replaced
        }
        if let replaced { device.endActivity(replaced) }
        device.console.log("Location source: \(source.name)")
        reconsider()
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

    // MARK: The app's side (called by LocationManager on the app's executor)

    /// The app's authorization, which the service remembers across launches as iOS does.
    var authorizationStatus: AuthorizationStatus { state.withLock { $0.authorization } }

    func register(
        deliver: @escaping @AppMain @Sendable (Location) -> Void,
        authorizationChanged: @escaping @AppMain @Sendable () -> Void
    ) -> Int {
        state.withLock { state in
            defer { state.nextClientID += 1 }
            state.clients[state.nextClientID] = Client(deliver: deliver, authorizationChanged: authorizationChanged)
            return state.nextClientID
        }
    }

    func unregister(_ id: Int) {
        _ = state.withLock { $0.clients.removeValue(forKey: id) }
        reconsider()
    }

    /// Answers a request for `always` (else when-in-use) authorization; returns the new status.
    /// A missing usage description makes the request fail — silently on iOS, with a diagnostic here.
    func requestAuthorization(always: Bool) -> AuthorizationStatus {
        let method = always ? "requestAlwaysAuthorization()" : "requestWhenInUseAuthorization()"
        let missing = UsageDescription.missingKeys(always: always, in: device.infoPlist, iOS: device.profile.iOSVersion)
        if !missing.isEmpty {
            device.report(
                .missingUsageDescription,
                "\(method) failed: \(device.infoPlist.source) lacks \(missing.joined(separator: " and ")), which "
                    + "\(device.profile.name) requires; iOS ignores the request without a word, so no location updates will come")
            return authorizationStatus
        }
        let (status, ask) = state.withLock { state -> (AuthorizationStatus, Bool) in
            guard state.authorization == .notDetermined else { return (state.authorization, false) }
            switch state.answer {
            case .always: state.authorization = always ? .authorizedAlways : .authorizedWhenInUse
            case .whenInUse: state.authorization = .authorizedWhenInUse
            case .denied: state.authorization = .denied
            case .ask: return (.notDetermined, state.alert == nil)
            }
            return (state.authorization, false)
        }
        if ask { presentAlert(always: always) }
        return status
    }

    /// The permission alert, in iOS's words: the app's usage description under the question.
    private func presentAlert(always: Bool) {
        let plist = device.infoPlist
        let app = plist.bundleName
        let title = always
            ? "Allow “\(app)” to access your location even when you are not using the app?"
            : "Allow “\(app)” to access your location while you are using the app?"
        let message = always
            ? plist.locationAlwaysAndWhenInUseUsageDescription ?? plist.locationAlwaysUsageDescription
            : plist.locationWhenInUseUsageDescription
        var buttons = [
            SystemAlertButton(title: "Don’t Allow", command: "location authorize denied"),
            SystemAlertButton(title: "Allow While Using App", command: "location authorize whenInUse"),
        ]
        if always { buttons.append(SystemAlertButton(title: "Always Allow", command: "location authorize always")) }
        let id = device.presentAlert(title: title, message: message, buttons: buttons)
        state.withLock { $0.alert = id }
    }

    /// The user's answer to the permission alert, or a change in Settings ▸ Privacy ▸ Location
    /// Services: the status becomes `answer`'s, the alert goes away, and every location
    /// manager of the running app hears of the change. `ask` is Reset Location & Privacy: the
    /// status is notDetermined again and the next request shows the alert.
    public func authorize(_ answer: LocationAuthorization) {
        let (alert, notify) = state.withLock { state -> (Int?, [@AppMain @Sendable () -> Void]) in
            switch answer {
            case .always: state.authorization = .authorizedAlways
            case .whenInUse: state.authorization = .authorizedWhenInUse
            case .denied: state.authorization = .denied
            case .ask:
                state.authorization = .notDetermined
                state.answer = .ask
            }
            defer { state.alert = nil }
            return (state.alert, state.clients.values.map(\.authorizationChanged))
        }
        if let alert { device.dismissAlert(alert) }
        device.console.log("Location authorization: \(authorizationStatus)")
        for changed in notify { device.post { _ in changed() } }
        reconsider()
    }

    /// Starts updates for client `id`, or says why they cannot start.
    func startUpdating(_ id: Int, filter: LocationFilter) -> LocationError? {
        let appState = device.appState
        let error = state.withLock { state -> LocationError? in
            switch state.authorization {
            case .notDetermined: return .notAuthorized
            case .denied: return .denied
            case .authorizedWhenInUse where !appState.isForeground && state.clients[id]?.isUpdating != true:
                return .notInForeground
            case .authorizedWhenInUse, .authorizedAlways:
                state.clients[id]?.filter = filter
                state.clients[id]?.isUpdating = true
                return nil
            }
        }
        if error == .notAuthorized {
            device.report(
                .locationNotAuthorized,
                "startUpdatingLocation() was called while the app's location authorization is notDetermined "
                    + "(its request was never made or failed); iOS delivers no updates then")
        }
        reconsider()
        return error
    }

    func stopUpdating(_ id: Int) {
        state.withLock { state in
            guard let filter = state.clients[id]?.filter else { return }
            state.clients[id]?.isUpdating = false
            // The next start measures distance afresh.
            state.clients[id]?.filter = LocationFilter(accuracy: filter.accuracy, distance: filter.distance)
        }
        reconsider()
    }

    /// Changes client `id`'s filter; its distance reference is kept.
    func setFilter(_ id: Int, accuracy: LocationAccuracy, distance: DistanceFilter) {
        state.withLock { state in
            state.clients[id]?.filter.accuracy = accuracy
            state.clients[id]?.filter.distance = distance
        }
        reconsider()
    }

    // MARK: Fixes

    /// Delivers a fix from the source to every updating client whose filter takes it, if the
    /// app may have updates now.
    private func receive(_ location: Location) {
        guard mayDeliver(in: device.appState) else { return }
        let deliveries = state.withLock { state -> [@AppMain @Sendable (Location) -> Void] in
            var deliveries: [@AppMain @Sendable (Location) -> Void] = []
            for id in state.clients.keys.sorted() {
                guard var client = state.clients[id], client.isUpdating, client.filter.admit(location) else { continue }
                deliveries.append(client.deliver)
                state.clients[id] = client
            }
            return deliveries
        }
        for deliver in deliveries {
            device.post(whileSuspended: .drop) { _ in deliver(location) }
        }
    }

    /// Whether an app in `appState` gets updates: on screen, or running in the background with
    /// the `location` mode.
    private func mayDeliver(in appState: AppState) -> Bool {
        switch appState {
        case .active, .inactive: true
        case .background: device.infoPlist.declares(.location)
        case .suspended, .notRunning: false
        }
    }

    // MARK: Running the source

    /// Starts, retunes or stops the source and the background activity to match the clients
    /// and the app's state.
    private func reconsider() {
        let ended = control.withLock { _ -> BackgroundActivityToken? in
            let appState = device.appState
            let (source, action, ended) = state.withLock { state -> (any LocationSource, SourceAction, BackgroundActivityToken?) in
                let wanted = state.clients.values.filter(\.isUpdating).map(\.filter.accuracy.updateInterval).min()
                let interval = appState.isRunning ? wanted : nil
                let action: SourceAction = switch (state.runningInterval, interval) {
                case (nil, nil): .none
                case (nil, let new?): .start(new)
                case (_?, nil): .stop
                case (let old?, let new?): old == new ? .none : .retune(new)
                }
                state.runningInterval = interval
                var ended: BackgroundActivityToken?
                if wanted != nil, state.activity == nil {
                    state.activity = device.beginActivity(activity(for: state.source))
                } else if wanted == nil {
                    ended = state.activity
                    state.activity = nil
                }
                return (state.source, action, ended)
            }
            switch action {
            case .none: break
            case .start(let interval): source.start(interval: interval) { [weak self] in self?.receive($0) }
            case .retune(let interval): source.setInterval(interval)
            case .stop: source.stop()
            }
            return ended
        }
        // Ending an activity may suspend the app, which calls back into ``appStateChanged(_:)``.
        if let ended { device.endActivity(ended) }
    }

    private enum SourceAction {
        case none, stop
        case start(Duration)
        case retune(Duration)
    }

    private func activity(for source: any LocationSource) -> BackgroundActivity {
        BackgroundActivity(kind: .mode(.location), name: "Location updates from \(source.name)")
    }

    private func appStateChanged(_ change: AppStateChange) {
        if change.to == .notRunning {
            // The app's process is gone, and its managers with it; the device dropped its activities.
            state.withLock { state in
                state.clients.removeAll()
                state.activity = nil
            }
        } else if change.to == .background, change.from.isForeground {
            enteredBackground()
        }
        reconsider()
    }

    private func enteredBackground() {
        let (updating, authorization) = state.withLock { state in
            (state.clients.values.contains(where: \.isUpdating), state.authorization)
        }
        guard updating else { return }
        if !device.infoPlist.declares(.location) {
            device.report(
                .missingBackgroundMode,
                "\(device.infoPlist.bundleName) is updating its location, but \(device.infoPlist.source) lacks \"location\" "
                    + "in UIBackgroundModes: the app is suspended in the background and gets no location updates until it is opened again")
        } else if authorization == .authorizedWhenInUse {
            device.console.log(
                "\(device.infoPlist.bundleName) uses your location in the background with When In Use authorization: the status bar turns blue")
        }
    }
}

extension DiagnosticRule {
    /// A location authorization request failed because the Info.plist lacks its usage description.
    public static let missingUsageDescription = DiagnosticRule(rawValue: "missing-usage-description")
    /// Location updates were started without authorization.
    public static let locationNotAuthorized = DiagnosticRule(rawValue: "location-not-authorized")
}
