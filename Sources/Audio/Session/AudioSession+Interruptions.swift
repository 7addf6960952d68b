import BackgroundRuntime

/// Calls: a call deactivates the active session, which stops its audio (and a background app
/// that only audio kept running is suspended); its end is announced with `shouldResume`, and
/// the app decides whether to play again (Apple, Audio Session Programming Guide, “Responding
/// to Interruptions”). How the app hears of it is the ``AudioService``'s.
extension AudioSession {
    /// On the thread that began or ended the call, before the app's resulting jobs run.
    func callChanged(_ event: InterruptionEvent) {
        switch event {
        case .began: callBegan()
        case .ended: callEnded()
        }
    }

    /// A suspended app is left alone (Backgrounder's model): from iOS 10 the system deactivates
    /// a suspended app's session itself, and no source says what a call does to one before.
    private func callBegan() {
        let running = device.appState.isRunning
        let interrupted = state.withLock { state in
            state.callInProgress = true
            guard state.isActive, running else { return false }
            state.isActive = false
            state.interruptedByCall = true
            return true
        }
        guard interrupted else { return }
        device.console.log("Audio session interrupted: the call deactivated it")
        publishStatus()
        // The app hears of it before its player's pause, and before it can be suspended.
        tell(.interrupted(.began))
        tell(.deactivated)
    }

    /// The interrupted app hears that the call ended, a suspended one woken for it (“When the
    /// phone call ends, the end interruption is delivered”).
    private func callEnded() {
        let interrupted = state.withLock { state in
            state.callInProgress = false
            defer { state.interruptedByCall = false }
            return state.interruptedByCall
        }
        guard interrupted else { return }
        device.console.log("Audio session interruption ended (shouldResume)")
        tell(.interrupted(.ended(shouldResume: true)))
    }
}
