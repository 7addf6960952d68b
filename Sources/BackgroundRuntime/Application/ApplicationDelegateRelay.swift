/// A delegate that takes three of the system's calls under names of its own: an app delegate in
/// another spelling (UIKit's `UIApplicationDelegate`) whose methods for them differ from
/// ``ApplicationDelegate``'s only in their closures' isolation and sendability — too little for
/// the compiler to tell the two apart in the Swift 5 language mode. The system calls these in
/// place of `application(_:performFetchWithCompletionHandler:)`,
/// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` and
/// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`, with the same rules.
@AppMain
public protocol ApplicationDelegateRelay: ApplicationDelegate {
    /// The system fetches the app in the background.
    func relayFetch(_ application: Application, completionHandler: @escaping BackgroundFetchCompletion)
    /// A remote notification arrived.
    func relayRemoteNotification(
        _ application: Application, payload: PushPayload, completionHandler: @escaping BackgroundFetchCompletion)
    /// Background session `identifier`'s transfers ended while the app was not running.
    func relayBackgroundURLSessionEvents(
        _ application: Application, identifier: String, completionHandler: @escaping @AppMain @Sendable () -> Void)
}
