import BackgroundWire

/// The user's and the system's actions that move the app between states; the rules are in
/// `SystemStateMachine+Lifecycle.swift`.
extension Device {
    /// The app's state as the system sees it.
    public var appState: AppState { read(\.appState) }

    /// Why the running app was launched; nil when it is not running.
    public var launchReason: LaunchReason? { read { $0.launch?.reason } }

    /// How many times the app was launched.
    public var launchCount: Int { read(\.launchCount) }

    /// Whether a call is in progress.
    public var isInterrupted: Bool { read(\.isInterrupted) }

    /// How the app's last launch ended: nil until it ends the first time.
    public var lastTermination: TerminationCause? { read(\.lastTermination) }

    /// The diagnostics reported so far.
    public var diagnostics: DiagnosticLog { read(\.diagnostics) }

    /// The background time left, shared by all assertions: nil (unlimited) in the foreground or
    /// when no assertion is held.
    public var backgroundTimeRemaining: Duration? {
        let now = loop.now
        return read { $0.backgroundTimeRemaining(at: now) }
    }

    /// Launches the app: into the foreground for `LaunchReason/user`, into the background
    /// for every other reason. Does nothing if the app is running.
    public func launch(reason: LaunchReason = .user) {
        handle { $0.launch(reason: reason, at: $1) }
        settle()
    }

    /// The Home button: an active app resigns active, enters the background, and is suspended
    /// unless something keeps it running. Does nothing if the app is not on screen.
    public func pressHome() {
        handle { $0.pressHome(at: $1) }
        settle()
    }

    /// Tapping the app's icon or its card in the app switcher: a background or suspended app
    /// comes to the foreground; an app that is not running is launched.
    public func openApp() {
        handle { $0.openApp(at: $1) }
        settle()
    }

    /// An incoming phone call, shown as `presentation` (nil: the era's default, the banner from
    /// iOS 14; before iOS 14 every call shows full screen). Full screen, an active app becomes
    /// inactive until ``answerInterruption()`` or ``endInterruption()``; under the banner it
    /// stays active.
    public func beginInterruption(presentation: CallPresentation? = nil) {
        handle { $0.beginInterruption(presentation: presentation, at: $1) }
        settle()
    }

    /// The user answers the call: an app the call screen made inactive enters the background
    /// and is suspended unless something keeps it running.
    public func answerInterruption() {
        handle { $0.answerInterruption(at: $1) }
        settle()
    }

    /// The call ended: an app that the call screen made inactive becomes active again.
    public func endInterruption() {
        handle { $0.endInterruption(at: $1) }
        settle()
    }

    /// Ends the app. A running app gets willTerminate first and ends when its handler returns,
    /// or after the didEnterBackground grace; an app on screen first leaves it, as the app
    /// switcher takes it (willResignActive, didEnterBackground); a suspended app is simply
    /// removed from memory, without a word, as iOS does.
    public func terminate(_ cause: TerminationCause = .user) {
        handle { $0.terminate(cause, at: $1) }
        settle()
    }

    /// The app crashes: its process ends at once, with no willTerminate, whatever its state.
    /// Does nothing if the app is not running.
    public func crash(_ reason: String) {
        handle { $0.crash(reason, at: $1) }
        settle()
    }

    /// Reports a broken rule: one console line, counted in `status`.
    public func report(_ rule: DiagnosticRule, _ message: String) {
        handle { $0.report(rule, message, at: $1) }
    }
}
