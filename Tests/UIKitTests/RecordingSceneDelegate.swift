import UIKit

/// A scene delegate as Xcode's template writes one: it makes the scene's window when the scene
/// connects, and records each step with its app delegate's recorder.
final class RecordingSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = (scene as? UIWindowScene) else { return }
        window = UIWindow(windowScene: windowScene)
        window?.makeKeyAndVisible()
        let owned = window?.windowScene === scene ? "window of its scene" : "no window"
        record("willConnectTo \(session.configurationName ?? "no configuration"), \(owned)")
    }

    func sceneWillEnterForeground(_ scene: UIScene) { record("willEnterForeground") }
    func sceneDidBecomeActive(_ scene: UIScene) { record("didBecomeActive") }
    func sceneWillResignActive(_ scene: UIScene) { record("willResignActive") }
    func sceneDidEnterBackground(_ scene: UIScene) { record("didEnterBackground") }

    private func record(_ call: String) {
        (UIApplication.shared.delegate as? SceneAppDelegate)?.recorder.record(call)
    }
}
