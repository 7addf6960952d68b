import BackgroundRuntime

/// Region monitoring: the app's regions are the system's to watch (``RegionMonitor``). While
/// any are monitored and the app has Always authorization the source runs whatever the app's
/// state, and each crossing is handed to every location manager of the app: at once if it is
/// running, by waking it if it is suspended, by launching it in the background (reason
/// `location`) if it is not running — without the `location` background mode (Apple, “Monitoring
/// the user's proximity to geographic regions”: “In iOS, regions are monitored by the system,
/// which wakes up your app as needed”). Events wait here until a manager takes them.
extension LocationService {
    /// The regions the app monitors, in the order it added them; shared by all its managers.
    public var monitoredRegions: [CircularRegion] { state.withLock { $0.regions.regions } }

    /// Where the device is relative to the monitored region named `identifier`, as the system
    /// last decided; nil if no such region is monitored.
    public func state(ofRegion identifier: String) -> RegionState? {
        state.withLock { $0.regions.state(of: identifier) }
    }

    /// The source's newest valid fix: Core Location's `location`, the most recently retrieved.
    var latestFix: Location? { state.withLock { $0.lastFix } }

    /// Monitors `region` for the app, replacing the one with its identifier; throws why not.
    func startMonitoring(_ region: CircularRegion) throws(LocationError) {
        let app = device.infoPlist.bundleName
        try state.withLock { state throws(LocationError) in try state.regions.add(region, app: app) }
        device.console.log("Monitoring region \(region.identifier): \(Int(region.radius)) m around \(region.center.latitude), \(region.center.longitude)")
        reconsider()
    }

    /// Stops monitoring the region named `identifier`.
    func stopMonitoring(_ identifier: String) {
        let removed = state.withLock { $0.regions.remove(identifier) }
        guard removed else { return }
        device.console.log("Stopped monitoring region \(identifier)")
        reconsider()
    }

    /// Answers client `id` with `region`'s state: at once when it is known, or after the next fix
    /// (then to every manager) when it is not.
    func requestState(of region: CircularRegion, for id: Int) {
        let answer = state.withLock { state -> (@AppMain @Sendable (ManagerEvent) -> Void, RegionState)? in
            guard let send = state.clients[id]?.send else { return nil }
            if state.regions.state(of: region.identifier) != nil {
                return state.regions.requestState(of: region.identifier).map { (send, $0) }
            }
            return (send, state.lastFix.map { region.contains($0.coordinate) ? .inside : .outside } ?? .unknown)
        }
        guard let (send, regionState) = answer else { return }
        device.post { _ in send(.region(.determined(regionState, region))) }
    }

    /// Whether the source must run for the regions, whatever the app's state.
    func watchesRegions(_ state: State) -> Bool {
        !state.regions.isEmpty && state.permission.allowsRegionMonitoring
    }

    /// Feeds `fix` to the regions; keeps and returns the events it decides. Called with the state locked.
    func observeRegions(_ fix: Location, at now: Duration, in state: inout State) -> [RegionEvent] {
        guard fix.isValid else { return [] }
        state.lastFix = fix
        guard state.permission.allowsRegionMonitoring else { return [] }
        let events = state.regions.observe(fix, at: now)
        state.undeliveredRegionEvents += events
        return events
    }

    /// Brings the app to hear `events`: launched in the background if it is not running, woken
    /// if it is suspended.
    func announce(_ events: [RegionEvent]) {
        let what = events.filter { if case .determined = $0 { false } else { true } }.map(\.summary)
        let words = (what.isEmpty ? events.map(\.summary) : what).joined(separator: ", ")
        bringApp(toHear: "the device \(words)") { $0.deliverRegionEvents() }
    }

    /// Hands the waiting region events to every manager of the app; they wait on if it has none yet.
    @AppMain
    func deliverRegionEvents() {
        let delivery = state.withLock { state -> ([@AppMain @Sendable (ManagerEvent) -> Void], [RegionEvent])? in
            guard !state.clients.isEmpty, !state.undeliveredRegionEvents.isEmpty else { return nil }
            defer { state.undeliveredRegionEvents.removeAll() }
            return (sends(state) { _ in true }, state.undeliveredRegionEvents)
        }
        guard let (sends, events) = delivery else { return }
        for event in events {
            for send in sends { send(.region(event)) }
        }
    }
}
