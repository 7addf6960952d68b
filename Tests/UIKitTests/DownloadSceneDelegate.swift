import UIKit

/// A scene delegate as Xcode's template writes one, whose window shows a ``DownloadController``.
final class DownloadSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        window?.rootViewController = DownloadController()
        window?.makeKeyAndVisible()
    }
}
