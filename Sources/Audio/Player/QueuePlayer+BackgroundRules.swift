import BackgroundRuntime

/// The background-audio rules, applied as the app's state changes and as calls come and go.
extension QueuePlayer {
    /// On the thread that changed the app's state, before the app's resulting jobs run.
    func appStateChanged(_ change: AppStateChange) {
        switch change.to {
        case .background where change.from.isForeground:
            leftForeground()
        case .notRunning:
            appEnded()
        default:
            break
        }
    }

    /// Without `audio` in UIBackgroundModes the music stops when the app leaves the foreground,
    /// and the app is suspended: the tutorial's "Oops, why did the music stop?".
    private func leftForeground() {
        guard !device.infoPlist.declares(.audio) else { return }
        let stopped = update { state -> PlayerItem? in
            guard state.isPlaying || state.resumesAfterInterruption, let item = state.queue.first else { return nil }
            state.isPlaying = false
            state.resumesAfterInterruption = false
            return item
        }
        guard let stopped else { return }
        device.report(
            .missingBackgroundMode,
            "Oops, why did the music stop? The app left the foreground while playing \(stopped.name), and its "
                + "Info.plist has no \"audio\" in UIBackgroundModes, so the player paused and the app is suspended; "
                + "declare audio to keep playing in the background")
    }

    /// The app's process is gone: so are its queue and its observers.
    private func appEnded() {
        update { state in
            state.queue.removeAll()
            state.isPlaying = false
            state.isAtItemEnd = false
            state.resumesAfterInterruption = false
            state.observers.removeAll()
            for observer in state.timeObservers.values { device.loop.cancel(observer.timer) }
            state.timeObservers.removeAll()
        }
    }

    /// A call pauses playback, keeping the audio activity so that the app is still running to
    /// resume; its end resumes playback that it paused (unless the user paused meanwhile).
    func interruption(_ event: InterruptionEvent) {
        switch event {
        case .began:
            update { state in
                guard state.isPlaying else { return }
                state.isPlaying = false
                state.resumesAfterInterruption = true
            }
        case .ended:
            guard state.withLock({ $0.resumesAfterInterruption }) else { return }
            try? play()
            update { $0.resumesAfterInterruption = false }
        }
    }
}
