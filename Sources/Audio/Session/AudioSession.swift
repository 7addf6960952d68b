import BackgroundRuntime
import Synchronization

/// The app's audio session (`AVAudioSession.sharedInstance()`): its category, whether it is
/// active, and the notifications of interruptions and route changes; with the device's audio
/// route, which the user changes by plugging in or unplugging headphones.
///
/// Like iOS's media server it is a service of the system, made once per device: the route
/// outlives the app's launches, and each launch starts with a fresh session (``AudioSessionCategory/soloAmbient``,
/// inactive, no observers). A ``QueuePlayer`` plays through it: playing activates it, and the
/// player stops when the session is deactivated (a call) or the headphones go. Audio goes on in
/// the background only if the category allows it and the Info.plist declares `audio`.
///
/// Every method is safe from any thread. Observers are called on the app's main executor,
/// after the app's earlier jobs.
public final class AudioSession: Sendable {
    /// The device whose app the session belongs to.
    public let device: Device
    let state = Mutex(AudioSessionState())

    /// Makes the session of `device`'s app, with the route to the speaker.
    public init(device: Device) {
        self.device = device
        device.observeStateChanges { [weak self] change in
            if change.to == .notRunning { self?.appEnded() }
        }
        device.observeInterruptions { [weak self] event in self?.callChanged(event) }
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

    // MARK: The app's calls

    /// Sets how the app uses audio (`setCategory(_:)`); audio that may no longer play in the
    /// background stops if the app is there.
    public func setCategory(_ category: AudioSessionCategory) {
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
    public func setActive(_ active: Bool) throws(AudioSessionError) {
        let changed = try state.withLock { state throws(AudioSessionError) -> Bool in
            if active, state.callInProgress { throw .insufficientPriority }
            defer { state.isActive = active }
            return state.isActive != active
        }
        guard changed else { return }
        publishStatus()
        if !active { tell(.deactivated) }
    }

    /// Calls `handler` when a call interrupts the active session and when it ends
    /// (`interruptionNotification`).
    @discardableResult
    public func observeInterruptions(
        _ handler: @escaping @AppMain @Sendable (AudioInterruption) -> Void
    ) -> AudioSessionObserverToken {
        add(handler, to: \.interruptionObservers)
    }

    /// Calls `handler` at each change of the audio route (`routeChangeNotification`).
    @discardableResult
    public func observeRouteChanges(
        _ handler: @escaping @AppMain @Sendable (AudioRouteChange) -> Void
    ) -> AudioSessionObserverToken {
        add(handler, to: \.routeObservers)
    }

    /// Stops calling an observer; removing it twice does nothing.
    public func removeObserver(_ token: AudioSessionObserverToken) {
        state.withLock { state in
            state.interruptionObservers.remove(id: token.id)
            state.routeObservers.remove(id: token.id)
        }
    }

    private func add<Event>(
        _ handler: @escaping @AppMain @Sendable (Event) -> Void,
        to observers: WritableKeyPath<AudioSessionState, AppObservers<Event>>
    ) -> AudioSessionObserverToken {
        state.withLock { state in
            defer { state.nextObserverID += 1 }
            state[keyPath: observers].add(handler, id: state.nextObserverID)
            return AudioSessionObserverToken(id: state.nextObserverID)
        }
    }

    /// Posts `event` to the app's observers in `observers`, as they are when it runs.
    func announce<Event>(_ event: Event, to observers: KeyPath<AudioSessionState, AppObservers<Event>> & Sendable) {
        guard !state.withLock({ $0[keyPath: observers].isEmpty }) else { return }
        device.post { [weak self] _ in self?.deliver(event, to: observers) }
    }

    @AppMain
    func deliver<Event>(_ event: Event, to observers: KeyPath<AudioSessionState, AppObservers<Event>> & Sendable) {
        for handler in state.withLock({ $0[keyPath: observers].inOrder }) { handler(event) }
    }

    // MARK: The system's side

    /// Adds a player's listener, called on the thread of the change, outside the lock.
    func listen(_ listener: @escaping @Sendable (AudioSessionEvent) -> Void) {
        state.withLock { $0.listeners.append(listener) }
    }

    /// Tells the players about `event`.
    func tell(_ event: AudioSessionEvent) {
        for listener in state.withLock({ $0.listeners }) { listener(event) }
    }

    /// Shows the category and activation in `status` (`screens.audio.session`).
    func publishStatus() {
        device.publish(state.withLock { $0.status }, for: .audioSession)
    }

    /// The app's process is gone: its next launch starts with a fresh session.
    private func appEnded() {
        state.withLock { state in
            state.category = .soloAmbient
            state.isActive = false
            state.interruptedByCall = false
            state.interruptionObservers.removeAll()
            state.routeObservers.removeAll()
        }
        publishStatus()
    }
}
