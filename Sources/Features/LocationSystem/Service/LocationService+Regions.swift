import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

/// Region monitoring: the app's regions are the system's to watch (``RegionMonitor``). While
/// any are monitored and the app has Always authorization the source runs whatever the app's
/// state, and each crossing is handed to every location manager of the app: at once if it is
/// running, by waking it if it is suspended, by launching it in the background (reason
/// `location`) if it is not running — without the `location` background mode (Apple, “Monitoring
/// the user's proximity to geographic regions”: “In iOS, regions are monitored by the system,
/// which wakes up your app as needed”). Events that come while the app has no manager wait here
/// for its next one.
extension LocationService {
    /// The regions the app monitors, in the order it added them; shared by all its managers.
    public var monitoredRegions: [CircularRegion] { state.withLock { $0.regions.regions } }

    /// Where the device is relative to the monitored region named `identifier`, as the system
    /// last decided; nil if no such region is monitored.
    public func state(ofRegion identifier: String) -> RegionState? {
        state.withLock { $0.regions.state(of: identifier) }
    }

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
        let put = state.withLock { state -> Bool in
            guard state.clients[id] != nil else { return false }
            let regionState: RegionState?
            if state.regions.state(of: region.identifier) != nil {
                regionState = state.regions.requestState(of: region.identifier)
            } else {
                regionState = state.lastFix.map { region.contains($0.coordinate) ? .inside : .outside } ?? .unknown
            }
            guard let regionState else { return false }
            return state.put(.region(.determined(regionState, region), latest: state.lastFix), for: id)
        }
        if put { send(to: id) }
    }

    /// Whether the source must run for the regions, whatever the app's state.
    func watchesRegions(_ state: State) -> Bool {
        !state.regions.isEmpty && state.permission.allowsRegionMonitoring
    }

    /// Feeds `fix` to the regions; puts the events it decides for every manager, or keeps them
    /// for the next if there is none. Called with the state locked.
    func observeRegions(_ fix: Location, at now: Duration, in state: inout State) -> Heard? {
        guard fix.isValid else { return nil }
        state.lastFix = fix
        guard state.permission.allowsRegionMonitoring else { return nil }
        let events = state.regions.observe(fix, at: now)
        guard !events.isEmpty else { return nil }
        let crossings = events.filter { if case .determined = $0 { false } else { true } }.map(\.summary)
        let words = "the device " + (crossings.isEmpty ? events.map(\.summary) : crossings).joined(separator: ", ")
        let managers = state.managers { _ in true }
        if managers.isEmpty { state.undeliveredRegionEvents += events.map { .region($0, latest: fix) } }
        for id in managers {
            for event in events { _ = state.put(.region(event, latest: fix), for: id) }
        }
        return Heard(words: words, clients: managers)
    }
}
