import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

extension LocationAuthorizationState {
    /// What `permission` allows now.
    init(_ permission: LocationPermission) {
        self.init(status: permission.status, accuracy: permission.accuracy)
    }
}
