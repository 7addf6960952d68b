import UIKit

/// An app delegate as Swift 4.0 and 4.1 wrote it (2017–2018), before Swift 4.2 nested UIKit's
/// names in their types: `[UIApplicationLaunchOptionsKey: Any]` and `UIApplicationState`.
@available(*, deprecated)
final class SwiftFourDelegate: UIResponder, UIApplicationDelegate {
    let recorder: CallRecorder

    init(_ recorder: CallRecorder) {
        self.recorder = recorder
    }

    required init() {
        recorder = CallRecorder()
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplicationLaunchOptionsKey: Any]?) -> Bool {
        if launchOptions?[UIApplicationLaunchOptionsKey.location] != nil {
            recorder.record("launched for location")
        }
        if application.applicationState == UIApplicationState.background {
            recorder.record("launched in the background")
        }
        return true
    }
}
