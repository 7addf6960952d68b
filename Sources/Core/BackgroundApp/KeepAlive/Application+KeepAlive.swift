import BackgroundWire

/// The VoIP keep-alive handler, like `UIApplication.setKeepAliveTimeout(_:handler:)`.
extension Application {
    /// Asks the system to call `handler` every `timeout` while the app is in the background,
    /// waking the app if it is suspended, so that it can ping its server and keep its VoIP
    /// socket alive. The handler has `PolicyProfile/keepAliveHandlerLimit` (10 s) to finish;
    /// then the app is suspended again. Between calls nothing else wakes it.
    ///
    /// Replaces any handler set before. The handler ends with the app's process.
    ///
    /// - Throws: `KeepAliveError` when the era has no keep-alive handlers, when `timeout`
    ///   is below the profile's `PolicyProfile/keepAliveMinimum` (600 s), or when the
    ///   Info.plist lacks the `voip` background mode.
    public func setKeepAliveTimeout(_ timeout: Duration, handler: @escaping @AppMain @Sendable () async -> Void) throws(KeepAliveError) {
        guard let system else { return }
        try system.setKeepAlive(interval: timeout, handler: handler, launchNumber: launchNumber)
    }

    /// Removes the keep-alive handler, like `clearKeepAliveTimeout()`.
    public func clearKeepAliveTimeout() {
        system?.clearKeepAlive(launchNumber: launchNumber)
    }
}
