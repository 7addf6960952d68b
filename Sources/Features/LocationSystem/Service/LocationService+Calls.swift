import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

/// The service's answers to the app's location clients (``LocationMessages``), from the app in
/// the system's process or in its own. An answer never waits for the app.
extension LocationService {
    /// Makes the service on `device` when the app first calls it, and hands it to `keep`: an
    /// app that never makes a location client has no location service (its source stays
    /// stopped). For the hosts of apps that may or may not use one.
    ///
    /// - Parameter answer: the user's answer to the app's authorization requests, chosen ahead.
    public static func startOnFirstCall(
        on device: Device, answer: LocationAuthorization, keep: @escaping @Sendable (LocationService) -> Void
    ) {
        ServiceHost<LocationMessages>(device: device).answerCalls { [weak device] call in
            guard let device else { return nil }
            // The new service answers the calls after this one itself.
            let service = LocationService(device: device, answer: answer)
            keep(service)
            return service.answer(call)
        }
    }

    /// Carries out `call`; its answer, if it has one.
    func answer(_ call: LocationServiceCall) -> (any Codable & Sendable)? {
        switch call {
        case .register:
            return register()
        case .unregister(let id), .closeMonitor(let id):
            unregister(id)
        case .configure(let id, let settings):
            configure(id, settings)
        case .requestAuthorization(let id, let always):
            return requestAuthorization(always: always, for: id)
        case .authorization:
            return state.withLock { LocationAuthorizationState($0.permission) }
        case .startUpdating(let id, let settings):
            return startUpdating(id, settings: settings)
        case .stopUpdating(let id):
            stopUpdating(id)
        case .startSignificantChanges(let id):
            return startMonitoringSignificantChanges(id)
        case .stopSignificantChanges(let id):
            stopMonitoringSignificantChanges(id)
        case .startVisits(let id):
            return startMonitoringVisits(id)
        case .stopVisits(let id):
            stopMonitoringVisits(id)
        case .monitoredRegions:
            return monitoredRegions
        case .startMonitoring(let region):
            return refusal { () throws(LocationError) in try startMonitoring(region) }
        case .stopMonitoring(let identifier):
            stopMonitoring(identifier)
        case .requestState(let id, let region):
            requestState(of: region, for: id)
        case .openMonitor(let name):
            return openMonitor(named: name)
        case .conditions(let monitor):
            return conditions(ofMonitor: monitor)
        case .addCondition(let condition, let identifier, let monitor):
            return refusal { () throws(LocationError) in try addCondition(condition, identifier: identifier, toMonitor: monitor) }
        case .removeCondition(let identifier, let monitor):
            removeCondition(identifier, fromMonitor: monitor)
        case .beginActivitySession:
            return refusal { () throws(LocationError) in try beginActivitySession() }
        case .endActivitySession:
            endActivitySession()
        }
        return nil
    }

    /// The answer of a call that may be refused: the error, or none.
    private func refusal(_ body: () throws(LocationError) -> Void) -> LocationError? {
        do throws(LocationError) {
            try body()
            return nil
        } catch {
            return error
        }
    }
}
