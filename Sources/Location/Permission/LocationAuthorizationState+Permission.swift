import BackgroundRuntime

extension LocationAuthorizationState {
    /// What `permission` allows now.
    init(_ permission: LocationPermission) {
        self.init(status: permission.status, accuracy: permission.accuracy)
    }
}
