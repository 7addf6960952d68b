import Foundation
import UIKit

/// An app delegate in UIKit's spelling that records each call it gets, in order, with what
/// UIKit's types carried.
final class RecordingDelegate: UIResponder, UIApplicationDelegate {
    private let recorder: CallRecorder

    init(_ recorder: CallRecorder) {
        self.recorder = recorder
    }

    required init() {
        recorder = CallRecorder()
    }

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        recorder.record("willFinishLaunching \(launchOptions.map { $0.keys.map(\.rawValue).sorted().joined(separator: ",") } ?? "none")")
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        recorder.record("didFinishLaunching")
        _ = NotificationCenter.default.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil) {
            [recorder] _ in recorder.record("didEnterBackgroundNotification")
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        recorder.record("applicationDidEnterBackground")
    }

    func application(_ application: UIApplication, performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
        recorder.record("performFetch")
        completionHandler(.newData)
    }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        let aps = userInfo["aps"] as? [String: Any]
        recorder.record("remoteNotification aps.content-available=\(aps?["content-available"] ?? "none") issue=\(userInfo["issue"] ?? "none")")
        completionHandler(.newData)
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        recorder.record("deviceToken \(deviceToken.map { String(format: "%02x", $0) }.joined())")
    }
}
