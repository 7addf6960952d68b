import BackgroundApp
import BackgroundWire
import LocationWire

/// The Location tab's background activity session (iOS 17 and later, `location session on|off`):
/// with it the tab's updates go on in the background even without
/// `allowsBackgroundLocationUpdates` or with When In Use, and the location indicator shows.
extension LocationScreen {
    /// Begins or ends the session; returns why it cannot begin, if it cannot.
    public func setBackgroundActivitySession(_ on: Bool) -> LocationError? {
        defer { publish() }
        guard on else {
            activitySession?.invalidate()
            activitySession = nil
            return nil
        }
        guard activitySession == nil else { return nil }
        do throws(LocationError) {
            activitySession = try BackgroundActivitySession(application: application)
            return nil
        } catch {
            return error
        }
    }
}
