import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import Synchronization

/// The app's audio session on the system's side (what `AVAudioSession.sharedInstance()` talks
/// to): its category, whether it is active, calls that interrupt it, and the device's audio
/// route, which the user changes by plugging in or unplugging headphones.
///
/// Like iOS's media server it is a service of the system, made once per device by the
/// ``AudioService``: the route outlives the app's launches, and each launch starts with a fresh
/// session (``AudioSessionCategory/soloAmbient``, inactive). The app reaches it through its
/// ``AppAudioSession``. The ``QueuePlayer`` plays through it: playing activates it, and the
/// player stops when the session is deactivated (a call) or the headphones go. Audio goes on
/// in the background only if the category allows it and the Info.plist declares `audio`.
///
/// Every method is safe from any thread.
public final class AudioSession: Sendable {
    /// The device whose app the session belongs to.
    public let device: Device
    let state = Mutex(AudioSessionState())

    /// Makes the session of `device`'s app, with the route to the speaker.
    init(device: Device) {
        self.device = device
        device.observers.observeStateChanges { [weak self] change in
            switch change.to {
            case .notRunning: self?.appEnded()
            case .suspended: self?.appSuspended()
            default: break
            }
        }
        device.observers.observeInterruptions { [weak self] event in self?.callChanged(event) }
        publishStatus()
        device.publish(AudioRoute.speaker, for: .audioRoute)
    }

    // MARK: Reading

    /// The category; ``AudioSessionCategory/soloAmbient`` until the app sets another.
    public var category: AudioSessionCategory { state.withLock { $0.category } }

    /// The category's options: none until the app sets some; ambient mixes with others.
    public var categoryOptions: AudioSessionCategoryOptions { state.withLock { $0.options } }

    /// Whether the session's audio mixes with other apps' rather than interrupting them: such a
    /// session cannot make the app the Now Playing app.
    public var mixesWithOthers: Bool { categoryOptions.contains(.mixWithOthers) }

    /// Whether the session is active.
    public var isActive: Bool { state.withLock { $0.isActive } }

    /// Where the device's audio goes now (`currentRoute`).
    public var route: AudioRoute { state.withLock { $0.route } }

    /// The category and activation, as `status` shows them.
    var status: AudioSessionStatus { state.withLock { $0.status } }

    // MARK: The app's calls

    /// Sets how the app uses audio (`setCategory(_:options:)`); audio that may no longer play in
    /// the background stops if the app is there. As on iOS, ambient mixes with others by itself,
    /// duckOthers implies mixWithOthers, and only playback and playAndRecord take options: the
    /// others' are dropped, and the console says so.
    func setCategory(_ category: AudioSessionCategory, options asked: AudioSessionCategoryOptions = []) {
        var options = asked
        if options.contains(.duckOthers) { options.insert(.mixWithOthers) }
        if category.mixesWithOthers {
            options = [.mixWithOthers]
        } else if !category.allowsBackgroundPlayback, !options.isEmpty {
            device.console.log("Audio: \(category.rawValue) takes no category options; \(options) dropped")
            options = []
        }
        let changed = state.withLock { state in
            defer { (state.category, state.options) = (category, options) }
            return state.category != category || state.options != options
        }
        guard changed else { return }
        publishStatus()
        tell(.categoryChanged)
    }

    /// Activates or deactivates the session (`setActive(_:options:)`). Activation fails while a
    /// call is in progress; deactivation stops the audio playing through the session. Playing
    /// activates the session by itself, as AVFoundation's players do. Activation interrupts the
    /// other app's audio unless the session mixes with others (and ducks it with duckOthers);
    /// deactivation with ``AudioSessionSetActiveOptions/notifyOthersOnDeactivation`` lets the
    /// audio it interrupted resume.
    func setActive(_ active: Bool, options: AudioSessionSetActiveOptions = []) throws(AudioSessionError) {
        let notifying = options.contains(.notifyOthersOnDeactivation)
        let change = try state.withLock { state throws(AudioSessionError) -> (from: OtherAppAudio, to: OtherAppAudio)? in
            if active, state.callInProgress { throw .insufficientPriority }
            guard state.isActive != active else { return nil }
            guard active else { return state.deactivate(notifyingOthers: notifying) }
            state.isActive = true
            let before = state.otherAudio
            state.otherAudio = before.activating(with: state.options)
            return (before, state.otherAudio)
        }
        guard let change else { return }
        logOtherAudio(change, deactivatedByTheApp: active ? nil : options)
        publishStatus()
        if !active { tell(.deactivated) }
    }

    // MARK: The system's side

    /// Adds a listener, called on the thread of the change, outside the lock, after the
    /// listeners added before it.
    func listen(_ listener: @escaping @Sendable (AudioSessionEvent) -> Void) {
        state.withLock { $0.listeners.append(listener) }
    }

    /// Tells the listeners about `event`.
    func tell(_ event: AudioSessionEvent) {
        for listener in state.withLock({ $0.listeners }) { listener(event) }
    }

    /// Shows the category and activation in `status` (`screens.audio.session`).
    func publishStatus() {
        device.publish(status, for: .audioSession)
    }

    /// The media server restarted: the session is back to its defaults, and the app is told.
    func resetMediaServices() {
        device.console.log(
            "Media services were reset: the app's audio objects and session settings are gone (mediaServicesWereResetNotification)")
        resetToDefaults()
        tell(.mediaServicesWereReset)
    }

    /// The app's process is gone: its next launch starts with a fresh session.
    private func appEnded() {
        resetToDefaults()
    }

    /// The app's session as a launch finds it: soloAmbient, no options, inactive.
    private func resetToDefaults() {
        let change = state.withLock { state in
            state.category = .soloAmbient
            state.options = []
            state.interruptedByCall = false
            return state.deactivate(notifyingOthers: false)
        }
        logOtherAudio(change)
        publishStatus()
    }
}
