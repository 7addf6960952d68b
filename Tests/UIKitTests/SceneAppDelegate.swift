import UIKit

/// An app delegate with scenes: it holds the recorder its scenes' delegates write to (UIKit
/// makes them with `init()`, so they find it through `UIApplication.shared.delegate`), and, if
/// `namesDelegateClass`, names their class in `application(_:configurationForConnecting:options:)`.
final class SceneAppDelegate: UIResponder, UIApplicationDelegate {
    let recorder: CallRecorder
    let namesDelegateClass: Bool

    init(recorder: CallRecorder, namesDelegateClass: Bool = false) {
        self.recorder = recorder
        self.namesDelegateClass = namesDelegateClass
    }

    required init() {
        recorder = CallRecorder()
        namesDelegateClass = false
    }

    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        if namesDelegateClass { configuration.delegateClass = RecordingSceneDelegate.self }
        return configuration
    }
}
