import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

/// The significant-change location service: while the app monitors significant changes the
/// source runs whatever the app's state, and a fix ``SignificantChangeFilter`` lets through goes
/// to every manager that monitors them — waking the app if it is suspended and launching it in
/// the background (reason `location`) if it is not running, without the `location` background
/// mode (Apple, startMonitoringSignificantLocationChanges(): “If you start this service and your
/// app is subsequently terminated, the system automatically relaunches the app into the
/// background if a new event arrives … Upon relaunch, you must still configure a location manager
/// object and call this method to continue receiving location events”). The fix waits here until
/// a manager starts the service again. With When In Use authorization the app hears of them only
/// while in use (Apple, “Choosing the Location Services Authorization to Request”).
extension LocationService {
    /// Starts significant changes for client `id`, or says why they cannot start; a change that
    /// launched the app comes to it now.
    func startMonitoringSignificantChanges(_ id: Int) -> LocationError? {
        let (error, waited) = state.withLock { state -> (LocationError?, Bool) in
            guard state.clients[id] != nil else { return (nil, false) }
            if let error = Self.startError(state.permission.status) { return (error, false) }
            state.clients[id]?.monitorsSignificantChanges = true
            if state.significantChanges == nil { state.significantChanges = SignificantChangeFilter() }
            guard let waiting = state.undeliveredSignificantChange else { return (nil, false) }
            state.undeliveredSignificantChange = nil
            return (nil, state.put(.significantChange(waiting), for: id))
        }
        if waited { send(to: id, wakingFor: Self.waitingEvents) }
        reconsider()
        return error
    }

    /// Stops significant changes for client `id`; the service ends with the last manager's stop.
    func stopMonitoringSignificantChanges(_ id: Int) {
        state.withLock { state in
            state.clients[id]?.monitorsSignificantChanges = false
            guard !state.clients.values.contains(where: \.monitorsSignificantChanges) else { return }
            state.significantChanges = nil
            state.undeliveredSignificantChange = nil
        }
        reconsider()
    }

    /// Whether the source must run for significant changes now.
    func watchesSignificantChanges(_ state: State, in appState: AppState) -> Bool {
        state.significantChanges != nil && mayHearSignificantChanges(state, in: appState)
    }

    /// Feeds `fix` to the significant-change filter; if it is one, puts it for every manager that
    /// monitors them, or keeps it for the next. Called with the state locked.
    func observeSignificantChange(_ fix: Location, at now: Duration, in appState: AppState, state: inout State) -> Heard? {
        guard var filter = state.significantChanges, mayHearSignificantChanges(state, in: appState) else { return nil }
        guard filter.admit(fix, at: now) else { return nil }
        state.significantChanges = filter
        let words = "a significant location change"
        let receivers = state.managers(where: \.monitorsSignificantChanges)
        if receivers.isEmpty { state.undeliveredSignificantChange = fix }
        for id in receivers { _ = state.put(.significantChange(fix), for: id) }
        return Heard(words: words, clients: receivers)
    }

    /// With Always authorization, whatever the app's state; with When In Use, while the app is in
    /// use: on screen, or running in the background with updates that keep it running.
    private func mayHearSignificantChanges(_ state: State, in appState: AppState) -> Bool {
        switch state.permission.status {
        case .authorizedAlways:
            true
        case .authorizedWhenInUse:
            appState.isForeground
                || (appState == .background && state.clients.values.contains { $0.isUpdating && hasBackgroundSession($0.settings) })
        case .notDetermined, .denied:
            false
        }
    }
}
