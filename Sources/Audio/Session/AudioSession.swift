import BackgroundRuntime
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

    /// Whether the session is active.
    public var isActive: Bool { state.withLock { $0.isActive } }

    /// Where the device's audio goes now (`currentRoute`).
    public var route: AudioRoute { state.withLock { $0.route } }

    /// The category and activation, as `status` shows them.
    var status: AudioSessionStatus { state.withLock { $0.status } }

    // MARK: The app's calls

    /// Sets how the app uses audio (`setCategory(_:)`); audio that may no longer play in the
    /// background stops if the app is there.
    func setCategory(_ category: AudioSessionCategory) {
        let changed = state.withLock { state in
            defer { state.category = category }
            return state.category != category
        }
        guard changed else { return }
        publishStatus()
        tell(.categoryChanged)
    }

    /// Activates or deactivates the session (`setActive(_:)`). Activation fails while a call
    /// is in progress; deactivation stops the audio playing through the session. Playing
    /// activates the session by itself, as AVFoundation's players do.
    func setActive(_ active: Bool) throws(AudioSessionError) {
        let changed = try state.withLock { state throws(AudioSessionError) -> Bool in
            if active, state.callInProgress { throw .insufficientPriority }
            defer { state.isActive = active }
            return state.isActive != active
        }
        guard changed else { return }
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

    /// The app's process is gone: its next launch starts with a fresh session.
    private func appEnded() {
        state.withLock { state in
            state.category = .soloAmbient
            state.isActive = false
            state.interruptedByCall = false
        }
        publishStatus()
    }
}
