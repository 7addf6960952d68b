import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

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
        let (error, waited) = state.withLock { state -> (LocationError?, Bool) in
            guard state.clients[id] != nil else { return (nil, false) }
            if let error = Self.startError(state.permission.status) { return (error, false) }
            state.clients[id]?.monitorsVisits = true
            if state.visits == nil { state.visits = VisitDetector() }
            let waiting = state.undeliveredVisits
            state.undeliveredVisits.removeAll()
            for visit in waiting { _ = state.put(.visit(visit), for: id) }
            return (nil, !waiting.isEmpty)
        }
        if waited { send(to: id, wakingFor: Self.waitingEvents) }
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

    /// Feeds `fix` to the visit detector; puts the visit it completes, if any, for every manager
    /// that monitors visits, or keeps it for the next. Called with the state locked.
    func observeVisit(_ fix: Location, in state: inout State) -> Heard? {
        guard watchesVisits(state), var detector = state.visits else { return nil }
        let visit = detector.observe(fix)
        state.visits = detector
        guard let visit else { return nil }
        let receivers = state.managers(where: \.monitorsVisits)
        if receivers.isEmpty { state.undeliveredVisits.append(visit) }
        for id in receivers { _ = state.put(.visit(visit), for: id) }
        return Heard(words: visit.summary, clients: receivers)
    }
}
