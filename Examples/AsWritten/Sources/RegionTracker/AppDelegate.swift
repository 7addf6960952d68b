import UIKit
import CoreLocation

// Location updates in the background and region monitoring, written as Apple's documentation
// ("Handling location updates in the background", "Monitoring the user's proximity to geographic
// regions") and the tutorials of the time write them: the app delegate keeps a location tracker,
// which makes its manager, asks for Always, keeps updates on in the background, and, once
// authorized, monitors the largest region around the visitor center of Apple Park. A relaunch for
// a region crossing makes the manager again at launch, and its delegate hears the crossing.
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var tracker = LocationTracker()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        if launchOptions?[.location] != nil {
            print("Relaunched for a location event")
        }
        tracker.start()
        return true
    }
}
