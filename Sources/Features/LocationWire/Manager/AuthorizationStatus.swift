/// What the app may do with location, like `CLAuthorizationStatus`.
public enum AuthorizationStatus: String, Sendable, Codable {
    /// The app has not asked, or its request failed (a usage description is missing).
    case notDetermined
    /// The user said no.
    case denied
    /// The app may receive updates at any time.
    case authorizedAlways
    /// The app may receive updates that start while it is in the foreground.
    case authorizedWhenInUse

    /// Whether updates may be delivered at all.
    public var isAuthorized: Bool {
        self == .authorizedAlways || self == .authorizedWhenInUse
    }
}
