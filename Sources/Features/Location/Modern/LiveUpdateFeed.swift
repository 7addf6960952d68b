import BackgroundApp
import BackgroundWire
import LocationWire

/// The location manager behind one ``LocationUpdate/liveUpdates(application:)`` sequence: it yields
/// each fix its delegate hears, and ends the sequence on a failure. ``stop()`` lets the manager
/// go on the app's executor, as a manager must: the sequence itself may end on any thread.
@AppMain
final class LiveUpdateFeed: LocationManagerDelegate {
    private var manager: LocationManager?
    private let continuation: AsyncStream<LocationUpdate>.Continuation

    init(application: Application, continuation: AsyncStream<LocationUpdate>.Continuation) {
        let manager = LocationManager(application: application)
        self.manager = manager
        self.continuation = continuation
        manager.pausesLocationUpdatesAutomatically = false
        manager.delegate = self
    }

    /// Starts the manager's updates; a failure ends the sequence.
    func start() {
        guard let manager else { return }
        manager.startUpdatingLocation()
        if !manager.isUpdating, manager.authorizationStatus == .notDetermined { fail(.notAuthorized) }
    }

    /// Stops the updates and lets the manager go: the sequence ended.
    func stop() {
        manager?.stopUpdatingLocation()
        manager = nil
    }

    func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) {
        for location in locations { continuation.yield(LocationUpdate(location: location)) }
    }

    func locationManager(_ manager: LocationManager, didFailWithError error: LocationError) {
        fail(error)
    }

    private func fail(_ error: LocationError) {
        continuation.yield(LocationUpdate(location: nil, problem: error))
        continuation.finish()
    }
}
