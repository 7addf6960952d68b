import BackgroundRuntime
import Location

/// Heading updates (`startUpdatingHeading()`): Apple: "Calling this method when the receiver is
/// stopped causes it to obtain an initial heading and notify your delegate. After that, the
/// receiver generates update events when the value in the headingFilter property is exceeded"
/// (CLLocationManager, startUpdatingHeading()). The headings are the fixes' courses
/// (``CLHeading``), from location updates of their own — so, unlike iOS's compass, they need
/// location authorization, and in the background they follow the manager's
/// `allowsBackgroundLocationUpdates` (Backgrounder's model).
extension CLLocationManager {
    /// Whether headings can come: always here, from the fixes' courses.
    public nonisolated class func headingAvailable() -> Bool { true }

    /// Starts delivering headings to `locationManager(_:didUpdateHeading:)`: the first at once
    /// (with the first fix that has a course), then each that moved past ``headingFilter``.
    public func startUpdatingHeading() {
        onMain { $0.startHeadingUpdates() }
    }

    @AppMain private func startHeadingUpdates() {
        if headingSource == nil {
            let source = LocationManager(application: application)
            let relay = HeadingRelay()
            relay.owner = self
            source.delegate = relay
            headingSource = (source, relay)
        }
        guard let source = headingSource?.manager, !source.isUpdating else { return }
        source.allowsBackgroundLocationUpdates = manager.allowsBackgroundLocationUpdates
        source.pausesLocationUpdatesAutomatically = manager.pausesLocationUpdatesAutomatically
        lastDeliveredHeading = nil
        source.startUpdatingLocation()
    }

    /// Stops delivering headings; the next start delivers a first heading again.
    public func stopUpdatingHeading() {
        onMain { $0.headingSource?.manager.stopUpdatingLocation() }
    }

    /// Takes the calibration panel off the screen: none is shown here.
    public func dismissHeadingCalibrationDisplay() {}

    /// Whether `heading` is to be delivered, and if so notes it as the last delivered.
    @AppMain func headingPassesFilter(_ heading: CLHeading) -> Bool {
        if let last = lastDeliveredHeading, headingFilter > 0 {
            let turn = abs(heading.trueHeading - last).truncatingRemainder(dividingBy: 360)
            guard min(turn, 360 - turn) > headingFilter else { return false }
        }
        lastDeliveredHeading = heading.trueHeading
        return true
    }
}
