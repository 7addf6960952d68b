import BackgroundRuntime

extension UIApplication {
    /// Asks for background time to finish a task (`beginBackgroundTask(withName:expirationHandler:)`).
    ///
    /// Balance every call with ``endBackgroundTask(_:)``. The system calls `handler` on the main
    /// thread shortly before the app's background time runs out: end the task there, or the app
    /// is terminated. Returns `.invalid` when no background time can be had, and inside an
    /// expiration handler. Like Apple's, it may be called from any thread; the console names the
    /// file and line of the call when a task is leaked.
    public nonisolated func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil,
        fileID: String = #fileID, line: Int = #line
    ) -> UIBackgroundTaskIdentifier {
        launch.beginBackgroundTask(withName: taskName, expirationHandler: handler.map(Self.onAppMain), fileID: fileID, line: line)
    }

    /// Asks for background time to finish a task (`beginBackgroundTask(expirationHandler:)`),
    /// without a name.
    public nonisolated func beginBackgroundTask(
        expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil, fileID: String = #fileID, line: Int = #line
    ) -> UIBackgroundTaskIdentifier {
        beginBackgroundTask(withName: nil, expirationHandler: handler, fileID: fileID, line: line)
    }

    /// Ends a background task (`endBackgroundTask(_:)`); it may be called from any thread. Ending
    /// an identifier that is unknown or already ended is reported on the console.
    public nonisolated func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier, fileID: String = #fileID, line: Int = #line) {
        launch.endBackgroundTask(identifier, fileID: fileID, line: line)
    }

    /// `beginBackgroundTask(withName:expirationHandler:)` with exactly Apple's signature, for a
    /// protocol an app's code declares it with and `extension UIApplication: ThatProtocol {}`.
    /// A call picks the form above, which records where it was made.
    @_disfavoredOverload
    public nonisolated func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)?
    ) -> UIBackgroundTaskIdentifier {
        beginBackgroundTask(withName: taskName, expirationHandler: handler, fileID: SourceLocation.unknown.fileID, line: 0)
    }

    /// `beginBackgroundTask(expirationHandler:)` with exactly Apple's signature (see above).
    @_disfavoredOverload
    public nonisolated func beginBackgroundTask(
        expirationHandler handler: (@MainActor @Sendable () -> Void)?
    ) -> UIBackgroundTaskIdentifier {
        beginBackgroundTask(withName: nil, expirationHandler: handler, fileID: SourceLocation.unknown.fileID, line: 0)
    }

    /// `endBackgroundTask(_:)` with exactly Apple's signature (see above).
    @_disfavoredOverload
    public nonisolated func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        endBackgroundTask(identifier, fileID: SourceLocation.unknown.fileID, line: 0)
    }

    /// `handler` as the runtime runs an expiration handler: a job of the app's main executor,
    /// which runs on the main queue, where the main actor's code may run.
    private nonisolated static func onAppMain(_ handler: @escaping @MainActor @Sendable () -> Void) -> @AppMain @Sendable () -> Void {
        { MainActor.assumeIsolated { handler() } }
    }

    /// The background time left, in seconds: `DBL_MAX` in the foreground, as iOS reports it, and
    /// counting down from the era's budget once in the background with a task begun.
    public nonisolated var backgroundTimeRemaining: TimeInterval {
        launch.backgroundTimeRemaining
    }
}
