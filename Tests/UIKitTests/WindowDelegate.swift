import UIKit

/// An app delegate with a window, as a storyboard's app has: at launch the window's root view
/// controller is the one `makeRoot` makes, and UIKit makes the window key and visible.
final class WindowDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private let makeRoot: @MainActor () -> UIViewController

    init(_ makeRoot: @escaping @MainActor () -> UIViewController) {
        self.makeRoot = makeRoot
    }

    required init() {
        makeRoot = { DownloadController() }
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        window?.rootViewController = makeRoot()
        return true
    }
}
