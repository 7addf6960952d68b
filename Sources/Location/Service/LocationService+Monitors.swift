import BackgroundRuntime

/// The conditions of the app's ``LocationMonitor``s (iOS 17 and later): the system keeps them by
/// monitor name across launches, decides their state changes as it decides region crossings
/// (``RegionMonitor``: an entry satisfies a condition, an exit unsatisfies it), and hands each
/// change to the app's open monitors of that name — waking or launching the app as for regions.
/// A change waits while no monitor of its name is open. Like region monitoring, only Always
/// authorization (with precise location) brings changes.
extension LocationService {
    /// Opens a monitor named `name` whose events go to `send`; returns its client number.
    func openMonitor(named name: String, send: @escaping @AppMain @Sendable (MonitorEvent) -> Void) -> Int {
        let (id, pending) = state.withLock { state -> (Int, Bool) in
            let id = state.nextClientID
            state.nextClientID += 1
            state.monitorClients[id] = (name, send)
            return (id, !(state.undeliveredMonitorEvents[name] ?? []).isEmpty)
        }
        if pending { device.post { [weak self] _ in self?.deliverMonitorEvents() } }
        return id
    }

    /// Closes monitor client `id`; its conditions stay.
    func closeMonitor(_ id: Int) {
        state.withLock { _ = $0.monitorClients.removeValue(forKey: id) }
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

    /// Feeds `fix` to every monitor; keeps and returns the state changes. Called with the state locked.
    func observeMonitors(_ fix: Location, at now: Duration, in state: inout State) -> [(monitor: String, event: MonitorEvent)] {
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
        for (name, event) in changes { state.undeliveredMonitorEvents[name, default: []].append(event) }
        return changes
    }

    /// Brings the app to hear `changes`.
    func announce(_ changes: [(monitor: String, event: MonitorEvent)]) {
        let words = changes.map { "condition \($0.event.identifier) of monitor \($0.monitor) is \($0.event.state.rawValue)" }
        bringApp(toHear: words.joined(separator: ", ")) { $0.deliverMonitorEvents() }
    }

    /// Hands the waiting events to the open monitors of their names; the others wait on.
    @AppMain
    private func deliverMonitorEvents() {
        let deliveries = state.withLock { state -> [(@AppMain @Sendable (MonitorEvent) -> Void, [MonitorEvent])] in
            var deliveries: [(@AppMain @Sendable (MonitorEvent) -> Void, [MonitorEvent])] = []
            for name in state.undeliveredMonitorEvents.keys.sorted() {
                let clients = state.monitorClients.keys.sorted().compactMap { id in
                    state.monitorClients[id].flatMap { $0.name == name ? $0.send : nil }
                }
                guard !clients.isEmpty, let events = state.undeliveredMonitorEvents.removeValue(forKey: name) else { continue }
                deliveries += clients.map { ($0, events) }
            }
            return deliveries
        }
        for (send, events) in deliveries {
            for event in events { send(event) }
        }
    }
}
