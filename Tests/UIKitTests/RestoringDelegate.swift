import Foundation
import UIKit

/// An app delegate that opts in to state restoration (or not) and builds its interface in
/// willFinishLaunching, as UIKit asks: a tab bar ("Tabs") of two screens, "Player" and
/// "Episodes"; the episodes screen keeps the episode the user chose.
final class RestoringDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private let recorder: CallRecorder
    private let optsIn: Bool

    init(_ recorder: CallRecorder, optsIn: Bool = true) {
        self.recorder = recorder
        self.optsIn = optsIn
    }

    required init() {
        recorder = CallRecorder()
        optsIn = true
    }

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        recorder.record("willFinishLaunching")
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "Tabs"
        let player = UIViewController()
        player.restorationIdentifier = "Player"
        tabs.viewControllers = [player, EpisodesViewController(recorder)]
        window = UIWindow()
        window?.rootViewController = tabs
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        recorder.record("didFinishLaunching")
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        coder.encode(3, forKey: "version")
        return optsIn
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        recorder.record("shouldRestore version \(coder.decodeInteger(forKey: "version"))")
        return optsIn
    }

    /// The screen the window shows, and its episode.
    var shown: (tab: Int, episode: Int?) {
        let tabs = window?.rootViewController as? UITabBarController
        return (tabs?.selectedIndex ?? -1, (tabs?.viewControllers?.last as? EpisodesViewController)?.episode)
    }

    /// The user picks the episodes tab and `episode` on it.
    func choose(episode: Int) {
        let tabs = window?.rootViewController as? UITabBarController
        tabs?.selectedIndex = 1
        (tabs?.selectedViewController as? EpisodesViewController)?.episode = episode
    }
}
