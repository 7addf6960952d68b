import BackgroundSystem
import BackgroundWire
import VoIPWire

/// What the socket does when the app is suspended, resumes, or ends.
extension VoIPService {
    /// Called by the device after each change of the app's state, on the thread that made it.
    func appStateChanged(_ change: AppStateChange) {
        switch change.to {
        case .notRunning:
            processEnded()
        case .suspended:
            onSystemLoop { [weak self] in
                self?.reportIfSocketCannotWake()
                self?.updateWatch()
                self?.wakeOnceFrozenForUnhandledData()
            }
        case .background, .inactive, .active:
            if change.from == .suspended {
                onSystemLoop { [weak self] in
                    self?.updateWatch()
                    self?.deliverHeldEvents()
                }
            }
        }
    }

    /// The app's process ended, and its socket with it. A VoIP app that crashed or that the
    /// system terminated is relaunched in the background, where it connects again.
    private func processEnded() {
        let (session, connection) = mutate { state in
            (state.session, state.endSession(on: device.loop))
        }
        connection?.close()
        guard let session, canWake(for: session), let cause = device.lastTermination, cause != .user else { return }
        onSystemLoop { [weak self] in self?.relaunch(after: cause) }
    }

    private func relaunch(after cause: TerminationCause) {
        guard device.appState == .notRunning else { return }
        mutate { $0.totals.relaunches += 1 }
        let ending = switch cause {
        case .crash: "crashed"
        case .system, .user: "was terminated by the system"
        }
        device.console.log("Relaunching \(device.infoPlist.bundleName) in the background: it is a VoIP app and it \(ending)")
        device.launch(reason: .voip)
    }

    /// Says, once a session, why a VoIP-marked socket will not wake the suspended app.
    private func reportIfSocketCannotWake() {
        let session = mutate { state -> VoIPSession? in
            guard let session = state.session, session.isVoIPService, !state.reportedSuspension,
                !canWake(for: session)
            else { return nil }
            state.reportedSuspension = true
            return session
        }
        guard let session else { return }
        if !device.infoPlist.declares(.voip) {
            device.report(
                .missingBackgroundMode,
                "the VoIP socket to \(session.endpoint) cannot wake the suspended app: UIBackgroundModes in "
                    + "\(device.infoPlist.source) lacks voip; its data waits until the app runs again")
        } else {
            device.report(
                .voipSocketsUnavailable,
                "iOS \(device.profile.iOSVersion) does not wake an app for its VoIP socket (the legacy VoIP "
                    + "architecture is disabled from iOS 10 for apps linked with its SDK; Technical Q&A QA1938: VoIP apps "
                    + "use PushKit): the data on the socket to \(session.endpoint) waits until the app runs again")
        }
    }
}
