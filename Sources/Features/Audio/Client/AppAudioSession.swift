import BackgroundApp
import BackgroundWire

/// The app's audio session, with the API of the tutorial's `AVAudioSession.sharedInstance()`:
/// its category, activation, and the notifications of interruptions and route changes. The
/// session itself is the system's (``AudioService``); this asks it and hears from it through
/// the service's messages. Reach it as ``AudioPlayer/session``.
///
/// Observers are called on the app's main executor. A suspended app that observes
/// interruptions is woken to hear that a call ended; route changes wait until it runs.
@AppMain
public final class AppAudioSession {
    private let connection: ServiceClient<AudioMessages>
    private var interruptionObservers = AppObservers<AudioInterruption>()
    private var routeObservers = AppObservers<AudioRouteChange>()
    private var resetObservers = AppObservers<MediaServicesReset>()
    private var nextObserverID = 1

    init(connection: ServiceClient<AudioMessages>) {
        self.connection = connection
    }

    /// The category; ``AudioSessionCategory/soloAmbient`` until the app sets another.
    public var category: AudioSessionCategory { status?.category ?? .soloAmbient }

    /// Whether the session is active.
    public var isActive: Bool { status?.active ?? false }

    /// Where the device's audio goes now (`currentRoute`).
    public var currentRoute: AudioRoute {
        connection.call(.route, answer: AudioRoute.self) ?? .speaker
    }

    /// Whether another app's audio is playing (`isOtherAudioPlaying`), ducked or not.
    public var isOtherAudioPlaying: Bool { status?.otherAudioPlaying ?? false }

    /// Whether another app with a session that does not mix is playing audio
    /// (`secondaryAudioShouldBeSilencedHint`, iOS 8): the other app's always does not mix.
    public var secondaryAudioShouldBeSilencedHint: Bool { isOtherAudioPlaying }

    /// The category's options (`categoryOptions`): none until the app sets some.
    public var categoryOptions: AudioSessionCategoryOptions { status?.options ?? [] }

    /// Sets how the app uses audio (`setCategory(_:options:)`); audio that may no longer play in
    /// the background stops if the app is there. A session that mixes with others
    /// (``AudioSessionCategoryOptions/mixWithOthers``, ``AudioSessionCategoryOptions/duckOthers``,
    /// or ambient) cannot make the app the Now Playing app.
    public func setCategory(_ category: AudioSessionCategory, options: AudioSessionCategoryOptions = []) {
        connection.tell(.setCategory(category, options: options))
    }

    /// Activates or deactivates the session (`setActive(_:)`). Activation fails while a call
    /// is in progress; deactivation stops the audio playing through the session. Playing
    /// activates the session by itself, as AVFoundation's players do.
    public func setActive(_ active: Bool) throws(AudioSessionError) {
        try setActive(active, options: [])
    }

    /// Activates or deactivates the session (`setActive(_:options:)`). Deactivating with
    /// ``AudioSessionSetActiveOptions/notifyOthersOnDeactivation`` tells another app whose audio
    /// the session interrupted that the interruption ended, and it resumes; without it, that
    /// audio stays interrupted.
    public func setActive(_ active: Bool, options: AudioSessionSetActiveOptions) throws(AudioSessionError) {
        if let refusal = connection.call(.setActive(active, options: options), answer: AudioSessionError.self) {
            throw refusal
        }
    }

    /// Calls `handler` when a call interrupts the active session and when it ends
    /// (`interruptionNotification`).
    @discardableResult
    public func observeInterruptions(
        _ handler: @escaping @AppMain @Sendable (AudioInterruption) -> Void
    ) -> AudioSessionObserverToken {
        if interruptionObservers.isEmpty { connection.tell(.observeInterruptions(true)) }
        defer { nextObserverID += 1 }
        interruptionObservers.add(handler, id: nextObserverID)
        return AudioSessionObserverToken(id: nextObserverID)
    }

    /// Calls `handler` at each change of the audio route (`routeChangeNotification`).
    @discardableResult
    public func observeRouteChanges(
        _ handler: @escaping @AppMain @Sendable (AudioRouteChange) -> Void
    ) -> AudioSessionObserverToken {
        defer { nextObserverID += 1 }
        routeObservers.add(handler, id: nextObserverID)
        return AudioSessionObserverToken(id: nextObserverID)
    }

    /// Calls `handler` when the media server restarted (`mediaServicesWereResetNotification`):
    /// the player's items are gone and the session is back to its defaults; the app sets them up
    /// again, and plays only when the user asks. A suspended app hears of it when it next runs.
    @discardableResult
    public func observeMediaServicesReset(
        _ handler: @escaping @AppMain @Sendable (MediaServicesReset) -> Void
    ) -> AudioSessionObserverToken {
        defer { nextObserverID += 1 }
        resetObservers.add(handler, id: nextObserverID)
        return AudioSessionObserverToken(id: nextObserverID)
    }

    /// Stops calling an observer; removing it twice does nothing.
    public func removeObserver(_ token: AudioSessionObserverToken) {
        let observedInterruptions = !interruptionObservers.isEmpty
        interruptionObservers.remove(id: token.id)
        routeObservers.remove(id: token.id)
        resetObservers.remove(id: token.id)
        if observedInterruptions, interruptionObservers.isEmpty { connection.tell(.observeInterruptions(false)) }
    }

    // MARK: The service's news

    func receive(_ interruption: AudioInterruption) {
        for handler in interruptionObservers.inOrder { handler(interruption) }
    }

    func receive(_ change: AudioRouteChange) {
        for handler in routeObservers.inOrder { handler(change) }
    }

    func receiveMediaServicesReset() {
        for handler in resetObservers.inOrder { handler(MediaServicesReset()) }
    }

    private var status: AudioSessionStatus? {
        connection.call(.session, answer: AudioSessionStatus.self)
    }
}
