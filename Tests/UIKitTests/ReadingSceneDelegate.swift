import Foundation
import UIKit

/// A scene delegate of a reading app, restored as Apple's “Restoring your app's state” sample
/// does it: the article the user reads goes into the scene's restoration activity, and a
/// connection that finds one in its session opens that article again.
final class ReadingSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    /// The article on screen.
    var article: String?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let activity = session.stateRestorationActivity else { return record("connected fresh") }
        article = activity.userInfo?["article"] as? String
        record("restored \(activity.activityType) \"\(activity.title ?? "")\" article \(article ?? "none")")
    }

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        guard let article else { return nil }
        let activity = NSUserActivity(activityType: "com.example.reader.article")
        activity.title = "Reading"
        activity.addUserInfoEntries(from: ["article": article])
        if article == "unencodable" { activity.addUserInfoEntries(from: ["when": NSObject()]) }
        return activity
    }

    private func record(_ call: String) {
        (UIApplication.shared.delegate as? SceneAppDelegate)?.recorder.record(call)
    }
}
