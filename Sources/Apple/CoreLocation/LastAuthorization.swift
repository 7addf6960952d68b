import Location
import Synchronization

/// What the launch's managers last heard of its authorization, for
/// `CLLocationManager.authorizationStatus()` off the main thread.
final class LastAuthorization: Sendable {
    let status = Mutex(AuthorizationStatus.notDetermined)
}
