import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

/// Background activity sessions (iOS 17 and later, ``BackgroundActivitySession``): while the app
/// holds one, its updates go on in the background as with `allowsBackgroundLocationUpdates`
/// (``hasBackgroundSession(_:)``), and the location indicator shows. They end with the app.
extension LocationService {
    /// Whether the app holds a background activity session: the location indicator shows.
    public var holdsBackgroundActivitySession: Bool { activitySessions.load(ordering: .relaxed) > 0 }

    /// Begins a session; throws before iOS 17, when the app is not in the foreground, or without the `location` mode.
    func beginActivitySession() throws(LocationError) {
        try device.profile.requireModernLocationAPIs("CLBackgroundActivitySession")
        guard device.appState.isForeground else { throw .notInForeground }
        guard device.infoPlist.declares(.location) else {
            throw .unavailable("CLBackgroundActivitySession needs \"location\" in UIBackgroundModes, which \(device.infoPlist.source) lacks")
        }
        if activitySessions.add(1, ordering: .relaxed).newValue == 1 {
            device.console.log("Background activity session began: the location indicator shows while \(device.infoPlist.bundleName) runs in the background")
        }
        reconsider()
    }

    /// Ends a session; the indicator goes with the last.
    func endActivitySession() {
        guard activitySessions.load(ordering: .relaxed) > 0 else { return }
        if activitySessions.subtract(1, ordering: .relaxed).newValue == 0 {
            device.console.log("Background activity session ended: the location indicator goes")
        }
        reconsider()
    }
}
