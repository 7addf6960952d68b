import BackgroundRuntime
import Fetch

/// Background fetch, as the tutorial's AppDelegate does it.
extension TheBackgrounderApp {
    /// Passes the system's completion handler through to the Fetch screen's fetch, and never
    /// stores it: a second fetch could otherwise overwrite a handler that was never called.
    public func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler: @escaping BackgroundFetchCompletion
    ) {
        fetch.fetch { [fetch] result in
            fetch.updateUI()
            completionHandler(result)
        }
    }
}
