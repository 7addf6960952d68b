import UIKit

// The classic bug of background sessions: the app delegate takes the events but drops the
// completion handler, so the system is never told that the app is done with them.
class ForgetfulAppDelegate: AppDelegate {
    override func application(_ application: UIApplication,
                              handleEventsForBackgroundURLSession identifier: String,
                              completionHandler: @escaping () -> Void) {
        print("handling the events of \(identifier)")
    }
}
