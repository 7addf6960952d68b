import BackgroundRuntime

/// How the system brings the app to hear what it watches for it whatever its state — region
/// crossings, significant changes, visits: a terminated app is launched in the background
/// (launch reason `location`), a suspended one woken, without the `location` background mode.
extension LocationService {
    /// Brings the app to hear `what` (the console's words), then runs `deliver` on its executor.
    func bringApp(toHear what: String, then deliver: @escaping @AppMain @Sendable (LocationService) -> Void) {
        if device.appState == .notRunning {
            device.console.log("Launching \(device.infoPlist.bundleName) in the background (location): \(what)")
            device.launch(reason: .location)
        }
        device.wake(for: what) { [weak self] _ in
            if let self { deliver(self) }
        }
    }

    /// The managers' delivery functions of the clients `selected` lets through, in client order.
    /// Called with the state locked.
    func sends(_ state: State, where selected: (Client) -> Bool) -> [@AppMain @Sendable (ManagerEvent) -> Void] {
        state.clients.keys.sorted().compactMap { id in state.clients[id].flatMap { selected($0) ? $0.send : nil } }
    }

    /// Why a manager may not start a service with `status`, if it may not: the error its delegate gets.
    static func startError(_ status: AuthorizationStatus) -> LocationError? {
        switch status {
        case .notDetermined: .notAuthorized
        case .denied: .denied
        case .authorizedAlways, .authorizedWhenInUse: nil
        }
    }
}
