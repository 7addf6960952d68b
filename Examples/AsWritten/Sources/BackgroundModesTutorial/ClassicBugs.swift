import UIKit

// The two bugs the tutorial warns of, written as a reader might write them.

/// "If you don't do this and continue to execute code after this block is called, your app will
/// be terminated!": an expiration handler that does not end the task.
class ForgetfulWhateverViewController: WhateverViewController {
  nonisolated static let beginLine = #line + 2
  override func registerBackgroundTask() {
    backgroundTask = UIApplication.shared.beginBackgroundTask { }
  }
}

/// "It can be tempting to save it away in a property variable and call that when your fetch
/// completes. Don't do this.": a fetch handler that keeps its completion handler for later,
/// which never comes.
class StoringAppDelegate: AppDelegate {
  var fetchCompletion: ((UIBackgroundFetchResult) -> Void)?

  override func application(_ application: UIApplication, performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
    fetchCompletion = completionHandler
  }
}
