import BackgroundRuntime

/// The visits service (`startMonitoringVisits()`): while the app monitors visits the source runs
/// whatever the app's state, ``VisitDetector`` finds arrivals and departures in the fixes, and
/// each goes to every manager that monitors visits — waking the app if it is suspended and
/// launching it in the background (reason `location`) if it is not running, as significant
/// changes do. A visit that launched the app waits here until a manager starts the service
/// again. Only Always authorization brings visits (Apple, “Using the visits location service”:
/// “The visits location service requires always authorization”); without it the service is on
/// and silent.
extension LocationService {
    /// Starts visits for client `id`, or says why they cannot start; a visit that launched the
    /// app comes to it now.
    func startMonitoringVisits(_ id: Int) -> LocationError? {
        let (error, pending) = state.withLock { state -> (LocationError?, Bool) in
            guard state.clients[id] != nil else { return (nil, false) }
            if let error = Self.startError(state.permission.status) { return (error, false) }
            state.clients[id]?.monitorsVisits = true
            if state.visits == nil { state.visits = VisitDetector() }
            return (nil, !state.undeliveredVisits.isEmpty)
        }
        if pending { device.post { [weak self] _ in self?.deliverVisits() } }
        reconsider()
        return error
    }

    /// Stops visits for client `id`; the service ends with the last manager's stop.
    func stopMonitoringVisits(_ id: Int) {
        state.withLock { state in
            state.clients[id]?.monitorsVisits = false
            guard !state.clients.values.contains(where: \.monitorsVisits) else { return }
            state.visits = nil
            state.undeliveredVisits.removeAll()
        }
        reconsider()
    }

    /// Whether the source must run for visits now.
    func watchesVisits(_ state: State) -> Bool {
        state.visits != nil && state.permission.status == .authorizedAlways
    }

    /// Feeds `fix` to the visit detector; keeps and returns the visit it completes, if any.
    /// Called with the state locked.
    func observeVisit(_ fix: Location, in state: inout State) -> Visit? {
        guard watchesVisits(state), var detector = state.visits else { return nil }
        let visit = detector.observe(fix)
        state.visits = detector
        if let visit { state.undeliveredVisits.append(visit) }
        return visit
    }

    /// Brings the app to hear `visit`.
    func announce(_ visit: Visit) {
        bringApp(toHear: visit.summary) { $0.deliverVisits() }
    }

    /// Hands the waiting visits to every manager that monitors them; they wait on if none does yet.
    @AppMain
    private func deliverVisits() {
        let delivery = state.withLock { state -> ([@AppMain @Sendable (ManagerEvent) -> Void], [Visit])? in
            let receivers = sends(state, where: \.monitorsVisits)
            guard !receivers.isEmpty, !state.undeliveredVisits.isEmpty else { return nil }
            defer { state.undeliveredVisits.removeAll() }
            return (receivers, state.undeliveredVisits)
        }
        guard let (receivers, visits) = delivery else { return }
        for visit in visits {
            for send in receivers { send(.visit(visit)) }
        }
    }
}
