import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire

/// The background-audio rules, applied as the app's state changes and as its session
/// changes: a call, a category, the headphones.
extension QueuePlayer {
    /// On the thread that changed the app's state, before the app's resulting jobs run.
    func appStateChanged(_ change: AppStateChange) {
        switch change.to {
        case .background where change.from.isForeground:
            stopIfSilencedInTheBackground(when: "The app left the foreground")
        case .notRunning:
            appEnded()
        default:
            break
        }
    }

    /// On the thread that changed the session, after the app was told.
    func sessionChanged(_ event: AudioSessionEvent) {
        switch event {
        case .deactivated:
            update { $0.isPlaying = false }
        case .categoryChanged:
            guard !device.appState.isForeground else { return }
            stopIfSilencedInTheBackground(when: "The app changed its audio session's category in the background")
        case .routeChanged(let change):
            // The headphones went: pause rather than play on aloud, as AVPlayer does.
            guard change.reason == .oldDeviceUnavailable else { return }
            update { $0.isPlaying = false }
        case .interrupted, .mediaServicesWereReset:
            // The deactivation that follows a call's beginning stops the music; a reset of the
            // media server empties the queue before it is announced.
            break
        }
    }

    /// What keeps audio from going on in the background now; nil when it may.
    var backgroundAudioProblem: BackgroundAudioProblem? {
        BackgroundAudioProblem(declaresAudio: device.infoPlist.declares(.audio), category: session.category)
    }

    /// Without `audio` in UIBackgroundModes, or with a category silenced in the background,
    /// the music stops when the app leaves the foreground and the app is suspended: the
    /// tutorial's "Oops, why did the music stop?". The diagnostic says what is missing.
    private func stopIfSilencedInTheBackground(when event: String) {
        guard let problem = backgroundAudioProblem else { return }
        let stopped = update { state -> MediaItem? in
            guard state.isPlaying, let item = state.queue.first else { return nil }
            state.isPlaying = false
            return item
        }
        guard let stopped else { return }
        device.report(
            problem.rule,
            "Oops, why did the music stop? \(event) while playing \(stopped.name), and \(problem.why), so the player "
                + "paused and the app is suspended; \(problem.fix) to keep playing in the background")
    }

    /// The app's process is gone: so is its queue.
    private func appEnded() {
        update { state in
            state.queue.removeAll()
            state.isPlaying = false
            state.isAtItemEnd = false
        }
    }
}
