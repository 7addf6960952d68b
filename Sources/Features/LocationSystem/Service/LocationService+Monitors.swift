import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

/// The conditions of the app's ``LocationMonitor``s (iOS 17 and later): the system keeps them by
/// monitor name across launches, decides their state changes as it decides region crossings
/// (``RegionMonitor``: an entry satisfies a condition, an exit unsatisfies it), and hands each
/// change to the app's open monitors of that name — waking or launching the app as for regions.
/// A change waits while no monitor of its name is open. Like region monitoring, only Always
/// authorization (with precise location) brings changes.
extension LocationService {
    /// Opens a monitor named `name`; returns its client number. Changes that waited for a
    /// monitor of that name — one that launched the app — come to it.
    func openMonitor(named name: String) -> Int {
        let (id, returnsCredit, waited) = state.withLock { state -> (Int, @Sendable () -> Void, Bool) in
            let id = state.nextClientID
            state.nextClientID += 1
            state.monitorClients[id] = name
            let returnsCredit = openMailbox(id, in: &state)
            let waiting = state.undeliveredMonitorEvents.removeValue(forKey: name) ?? []
            for event in waiting { _ = state.put(.monitor(event), for: id) }
            return (id, returnsCredit, !waiting.isEmpty)
        }
        returnsCredit()
        if waited { send(to: id, wakingFor: Self.waitingEvents) }
        return id
    }

    /// The conditions of the monitor named `name`, as regions, in the order added.
    func conditions(ofMonitor name: String) -> [CircularRegion] {
        state.withLock { $0.monitors[name]?.regions ?? [] }
    }

    /// Adds a condition to the monitor named `name`; throws why it cannot.
    func addCondition(_ condition: CircularGeographicCondition, identifier: String, toMonitor name: String) throws(LocationError) {
        let region = CircularRegion(center: condition.center, radius: condition.radius, identifier: identifier)
        let app = device.infoPlist.bundleName
        try state.withLock { state throws(LocationError) in
            var monitor = state.monitors[name] ?? RegionMonitor()
            try monitor.add(region, app: app)
            state.monitors[name] = monitor
        }
        device.console.log("Monitor \(name) watches \(identifier): \(Int(condition.radius)) m around \(condition.center.latitude), \(condition.center.longitude)")
        reconsider()
    }

    /// Removes the condition named `identifier` from the monitor named `name`.
    func removeCondition(_ identifier: String, fromMonitor name: String) {
        state.withLock { state in
            guard var monitor = state.monitors[name], monitor.remove(identifier) else { return }
            state.monitors[name] = monitor.isEmpty ? nil : monitor
        }
        reconsider()
    }

    /// Whether the source must run for the monitors' conditions, whatever the app's state.
    func watchesMonitors(_ state: State) -> Bool {
        !state.monitors.isEmpty && state.permission.allowsRegionMonitoring
    }

    /// Feeds `fix` to every monitor; puts each state change for the open monitors of its name,
    /// or keeps it for the next. Called with the state locked.
    func observeMonitors(_ fix: Location, at now: Duration, in state: inout State) -> [Heard] {
        guard fix.isValid, watchesMonitors(state) else { return [] }
        var changes: [(monitor: String, event: MonitorEvent)] = []
        for name in state.monitors.keys.sorted() {
            guard var monitor = state.monitors[name] else { continue }
            for event in monitor.observe(fix, at: now) {
                let change: MonitorEvent.State
                switch event {
                case .entered: change = .satisfied
                case .exited: change = .unsatisfied
                case .determined: continue
                }
                changes.append((name, MonitorEvent(identifier: event.region.identifier, state: change, date: fix.timestamp)))
            }
            state.monitors[name] = monitor
        }
        guard !changes.isEmpty else { return [] }
        let words = changes.map { "condition \($0.event.identifier) of monitor \($0.monitor) is \($0.event.state.rawValue)" }
            .joined(separator: ", ")
        var told: Set<Int> = []
        for (name, event) in changes {
            let open = state.monitorClients.keys.sorted().filter { state.monitorClients[$0] == name }
            if open.isEmpty { state.undeliveredMonitorEvents[name, default: []].append(event) }
            for id in open { _ = state.put(.monitor(event), for: id) }
            told.formUnion(open)
        }
        return [Heard(words: words, clients: told.sorted())]
    }
}
