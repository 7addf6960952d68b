import BackgroundWire

extension Application {
    /// Reports that the system fetched the app but its delegate has no fetch handler. The
    /// default handler calls it, and so does a delegate that bridges another spelling of the
    /// handler (UIKit's) when that is missing too; the caller then ends the fetch with `.noData`.
    public func reportMissingFetchHandler() {
        system?.report(
            .missingFetchHandler,
            "the system fetched the app, but its delegate does not implement "
                + "application(_:performFetchWithCompletionHandler:); the fetch ends with .noData")
    }

    /// Reports that a remote notification arrived but the delegate has no handler for it, as
    /// ``reportMissingFetchHandler()`` does for a fetch; the caller then ends it with `.noData`.
    public func reportMissingRemoteNotificationHandler() {
        system?.report(
            .missingRemoteNotificationHandler,
            "a remote notification arrived, but the delegate does not implement "
                + "application(_:didReceiveRemoteNotification:fetchCompletionHandler:); it ends with .noData")
    }
}
