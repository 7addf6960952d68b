import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire

/// Calls, and the system's deactivation of a suspended app's session: a call deactivates the
/// active session, which stops its audio (and a background app that only audio kept running is
/// suspended); the end of a call the user declined is announced with `shouldResume`, of one the
/// user answered without it, and the app decides whether to play again (Apple, Audio Session
/// Programming Guide, “Responding to Interruptions”). From iOS 10 through iOS 15 the system
/// deactivates the session of an app it suspends, which hears so when it next runs. How the app
/// hears of it is the ``AudioService``'s.
extension AudioSession {
    /// On the thread that began or ended the call, before the app's resulting jobs run.
    func callChanged(_ event: InterruptionEvent) {
        switch event {
        case .began: callBegan()
        case .ended(let answered): callEnded(answered: answered)
        }
    }

    /// A suspended app is left alone (Backgrounder's model): from iOS 10 through 15 its session
    /// was deactivated when it was suspended, and no source says what a call does to one before
    /// or after.
    private func callBegan() {
        let running = device.appState.isRunning
        let change = state.withLock { state -> (from: OtherAppAudio, to: OtherAppAudio)? in
            state.callInProgress = true
            guard state.isActive, running else { return nil }
            state.interruptedByCall = true
            return state.deactivate(notifyingOthers: false)
        }
        guard let change else { return }
        device.console.log("Audio session interrupted: the call deactivated it")
        logOtherAudio(change)
        publishStatus()
        // The app hears of it before its player's pause, and before it can be suspended.
        tell(.interrupted(.began()))
        tell(.deactivated)
    }

    /// The interrupted app hears that the call ended: a declined one with `shouldResume`, a
    /// suspended app woken for it; an answered one without (“When the phone call ends, the end
    /// interruption is delivered”).
    private func callEnded(answered: Bool) {
        let interrupted = state.withLock { state in
            state.callInProgress = false
            defer { state.interruptedByCall = false }
            return state.interruptedByCall
        }
        guard interrupted else { return }
        if answered {
            device.console.log("Audio session interruption ended without shouldResume: the call was answered")
        } else {
            device.console.log("Audio session interruption ended (shouldResume)")
        }
        tell(.interrupted(.ended(shouldResume: !answered)))
    }

    /// From iOS 10 through iOS 15 the system deactivates the active session of an app it
    /// suspends; the app is told when it next runs, with the era's flag or reason (Apple,
    /// `AVAudioSession.InterruptionReason.appWasSuspended`, `AVAudioSessionInterruptionWasSuspendedKey`).
    /// From iOS 16 no such interruption is delivered, and the session is left as it is
    /// (Backgrounder's model, rule a-suspended-apps-session-from-ios-16).
    func appSuspended() {
        let version = device.profile.iOSVersion
        guard AudioInterruptionReason.wasSuspendedEras.contains(version) else { return }
        let change = state.withLock { state -> (from: OtherAppAudio, to: OtherAppAudio)? in
            guard state.isActive else { return nil }
            return state.deactivate(notifyingOthers: false)
        }
        guard let change else { return }
        device.console.log(
            "Audio session deactivated: the app was suspended; it hears so when it next runs "
                + "(\(AudioInterruptionReason.wasSuspendedAPI(inIOS: version)))")
        logOtherAudio(change)
        publishStatus()
        tell(.interrupted(.began(reason: .appWasSuspended)))
        tell(.deactivated)
    }
}
