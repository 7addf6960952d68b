import BackgroundWire

/// Background URL sessions, the app's side.
extension Application {
    /// Makes background session `configuration.identifier` for this launch, or makes it again
    /// after a relaunch: the events the system kept for it reach `delegate` now. Nil before
    /// iOS 7 (a diagnostic says so), or if this launch already made a session with the identifier
    /// (a diagnostic too: make each once and keep it).
    public func backgroundSession(
        configuration: BackgroundSessionConfiguration, delegate: any BackgroundURLSessionDelegate
    ) -> BackgroundURLSession? {
        let id = configuration.identifier
        let isNew = backgroundSessions[id] == nil
        system?.makeBackgroundSession(configuration, launchNumber: launchNumber)
        guard profile.hasBackgroundSessions, isNew else { return nil }
        let session = BackgroundURLSession(configuration: configuration, delegate: delegate, application: self)
        backgroundSessions[id] = session
        return session
    }

    /// Crashes the app as iOS does when it asks a background session for a task with a
    /// completion handler (`downloadTask(with:completionHandler:)`,
    /// `dataTask(with:completionHandler:)`; rule background-session-completion-handlers):
    /// Foundation raises NSGenericException, "Completion handler blocks are not supported in
    /// background sessions. Use a delegate instead." The caller goes on with a task that never
    /// runs, as the launch is ending.
    public func refuseCompletionHandler(inBackgroundSession identifier: String, calledAs api: String) {
        logger.info("\(api) on background session \(identifier): background sessions do not support completion handlers")
        system?.crash(
            "*** Terminating app due to uncaught exception 'NSGenericException', reason: "
                + "'Completion handler blocks are not supported in background sessions. Use a delegate instead.'")
    }

    func handleEvents(forBackgroundSession identifier: String, completionHandler: @escaping @AppMain @Sendable () -> Void) {
        guard let delegate else { return completionHandler() }
        delegate.application(self, handleEventsForBackgroundURLSession: identifier, completionHandler: completionHandler)
    }
}
