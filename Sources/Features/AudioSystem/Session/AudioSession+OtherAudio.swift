import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire

/// Another app's audio (the Music app's, say), which `device other-audio` plays and stops: the
/// app's session interrupts it when it is activated without mixing with others, ducks it with
/// duckOthers, and leaves it with mixWithOthers (Apple, Audio Session Programming Guide,
/// “Activating an Audio Session”; `AVAudioSession.CategoryOptions.duckOthers`). Deactivating
/// the session brings ducked audio back to full volume; interrupted audio resumes only when the
/// app deactivates with ``AudioSessionSetActiveOptions/notifyOthersOnDeactivation``.
extension AudioSession {
    /// Where the other app's audio stands.
    public var otherAudio: OtherAppAudio { state.withLock { $0.otherAudio } }

    /// The other app starts playing through a session that does not mix with others, as
    /// `device other-audio play` makes it: it interrupts the app's active session unless that
    /// mixes with others (an app that is not running is left alone, as a call leaves it), and
    /// a session with duckOthers ducks it. False when it plays already.
    @discardableResult
    public func playOtherAppAudio() -> Bool {
        let running = device.appState.isRunning
        let outcome = state.withLock { state -> (interruptsTheApp: Bool, ducked: Bool)? in
            guard !state.otherAudio.isPlaying else { return nil }
            guard state.isActive, running, !state.options.contains(.mixWithOthers) else {
                state.otherAudio = state.isActive && state.options.contains(.duckOthers) ? .ducked : .playing
                return (false, state.otherAudio == .ducked)
            }
            state.otherAudio = .playing
            _ = state.deactivate(notifyingOthers: false)
            return (true, false)
        }
        guard let outcome else { return false }
        if outcome.interruptsTheApp {
            device.console.log("Audio session interrupted: the other app's audio, which does not mix with others, began")
        }
        device.console.log(outcome.ducked
            ? "The other app's audio plays, ducked: the app's audio session is active with .duckOthers"
            : "The other app's audio plays")
        publishStatus()
        if outcome.interruptsTheApp {
            // The app hears of it before its player's pause, and before it can be suspended.
            tell(.interrupted(.began()))
            tell(.deactivated)
        }
        return true
    }

    /// The user stops the other app's audio (`device other-audio stop`); audio the app's session
    /// interrupted will no longer resume. False when it is stopped already.
    @discardableResult
    public func stopOtherAppAudio() -> Bool {
        let stopped = state.withLock { state in
            guard state.otherAudio != .stopped else { return false }
            state.otherAudio = .stopped
            return true
        }
        guard stopped else { return false }
        device.console.log("The other app's audio stops")
        publishStatus()
        return true
    }

    /// Says on the console what the session's activation or deactivation did to the other app's
    /// audio; `options` are the app's own deactivation's, nil for an activation or the system's.
    func logOtherAudio(
        _ change: (from: OtherAppAudio, to: OtherAppAudio), deactivatedByTheApp options: AudioSessionSetActiveOptions? = nil
    ) {
        let line: String? = switch change {
        case (.playing, .interrupted), (.ducked, .interrupted):
            "The other app's audio is interrupted: the app's audio session, which does not mix with others, was activated"
        case (.playing, .ducked):
            "The other app's audio is ducked: the app's audio session was activated with .duckOthers"
        case (.ducked, .playing):
            "The other app's audio returns to full volume: the app's audio session was deactivated"
        case (.interrupted, .playing):
            "The other app's audio resumes: the session was deactivated with .notifyOthersOnDeactivation"
        case (.interrupted, .interrupted) where options != nil:
            "The other app's audio stays interrupted: the session was deactivated without .notifyOthersOnDeactivation"
        default:
            nil
        }
        if let line { device.console.log(line) }
    }
}
