import UIKit

/// The UIKit app delegate of a ``Downloader``: it keeps the completion handler the system hands
/// it with the session's events, as Apple's "Downloading files in the background" does.
final class DownloadsAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var backgroundCompletionHandler: (() -> Void)?
    /// The app's downloader, made on the main thread with the delegate; its session is made
    /// where the downloader is first used.
    var downloader: Downloader?

    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        backgroundCompletionHandler = completionHandler
    }
}
