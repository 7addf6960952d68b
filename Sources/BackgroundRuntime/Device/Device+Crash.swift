/// The app's process dying on its own, and how the last launch ended.
extension Device {
    /// The app crashes: its process ends at once, with no willTerminate, whatever its state.
    /// Does nothing if the app is not running.
    public func crash(_ reason: String) {
        mutate { state in
            guard state.appState != .notRunning else { return }
            console.log(TerminationCause.crash(reason: reason).consoleMessage)
            kill(&state, cause: .crash(reason: reason))
        }
        settle()
    }

    /// How the app's last launch ended: nil until it ends the first time.
    public var lastTermination: TerminationCause? {
        state.withLock { $0.lastTermination }
    }
}
