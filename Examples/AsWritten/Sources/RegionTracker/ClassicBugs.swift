import UIKit
import CoreLocation

// The bug of code written for iOS 8, as a reader of the time might still ship it.

/// Before iOS 9 the `location` background mode alone kept updates on in the background; from
/// iOS 9 a manager must also set `allowsBackgroundLocationUpdates`, or the app is suspended.
class IOS8LocationTracker: LocationTracker {
    override func start() {
        locationManager.desiredAccuracy = kCLLocationAccuracyBest
        locationManager.requestAlwaysAuthorization()
        locationManager.startUpdatingLocation()
    }
}
