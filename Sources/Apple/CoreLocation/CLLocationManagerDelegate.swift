import BackgroundRuntime

/// The receiver of a ``CLLocationManager``'s events, with Apple's signatures. Every method has a
/// default that does nothing, as Apple's are optional, and runs on the app's main executor, where
/// Core Location calls them for a manager made on the main thread.
///
/// It asks only for a class: an `NSObject` subclass, a `UIResponder` or a plain class may adopt
/// it. As Apple's (`protocol CLLocationManagerDelegate : NSObjectProtocol`) it is not isolated to
/// an actor, so a plain class adopts it in the Swift 6 language mode; a `@MainActor` type (a view
/// controller, an app delegate) adopts it as in Xcode, with `@preconcurrency` on the conformance
/// in the Swift 6 mode, as written in the Swift 5 mode.
public protocol CLLocationManagerDelegate: AnyObject {
    /// New fixes, oldest first.
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// Updates could not start or were stopped (a ``CLError``, `.denied` when the user said no).
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    /// The authorization or the accuracy authorization changed (iOS 14).
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// The authorization changed, in the form deprecated by iOS 14 (not marked so here: the
    /// manager calls it). Backgrounder calls it right after
    /// ``locationManagerDidChangeAuthorization(_:)``, whichever of the two the delegate has.
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
    /// The system paused the updates: the device stayed still in the background.
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager)
    /// Paused updates started again.
    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager)
    /// The device entered a monitored region.
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
    /// The device left a monitored region.
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
    /// Where the device is relative to `region`: after each crossing, and in answer to `requestState(for:)`.
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion)
    /// `region` could not be monitored (a ``CLError`` of code `.regionMonitoringFailure`).
    func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error)
    /// The device arrived at a place or left it (iOS 8).
    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit)
    /// A new heading (`startUpdatingHeading()`).
    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading)
    /// Whether the compass's calibration panel may show: never asked here, as there is no compass.
    func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool
}

extension CLLocationManagerDelegate {
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
    public func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {}
    public func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {}
    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error) {}
    public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {}
    public func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {}
    public func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool { false }
}
