extension CLLocationManager {
    /// Whether the status bar shows the location indicator while the app, with Always
    /// authorization, uses the location in the background (iOS 11 and later; false by default).
    public var showsBackgroundLocationIndicator: Bool {
        get { kept.withLock { $0.showsBackgroundLocationIndicator } }
        set {
            kept.withLock { $0.showsBackgroundLocationIndicator = newValue }
            onMain { $0.manager.showsBackgroundLocationIndicator = newValue }
        }
    }
}
