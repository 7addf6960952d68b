import Audio
import BackgroundRuntime
import Synchronization

/// The app's audio session (`AVAudioSession`): the launch's ``Audio/AppAudioSession``, the
/// category that decides whether its audio goes on in the background, and its notifications
/// posted on `NotificationCenter.default` (the launch's center) with AVFoundation's `userInfo`.
///
/// On Backgrounder the session is the launch's, as the process's is on iOS; it also carries the
/// launch's line to the audio service, which the app's ``AVPlayer``s share (a launch has one
/// queue there). Once it exists the app hears of interruptions, and a suspended app is woken for
/// a call's end, as the runtime wakes an app that observes them.
///
/// As Apple's (`class AVAudioSession`, not isolated to an actor) any thread may use it: a
/// nonisolated class of the Swift 6 language mode sets the category as on iOS. It is `Sendable`,
/// being the one session the whole launch shares (the bindings generated from Apple's headers,
/// objc2's, mark it thread-safe too). Its calls
/// are carried out on the app's main executor, where the runtime's session lives: at once, with
/// their errors, from the app's main thread; from another thread after the jobs already queued,
/// an activation's refusal then said on the device's console rather than thrown (Backgrounder's
/// model). What the app set reads back at once from any thread; what the system changes (whether
/// the session is active, other audio) reads, off the main thread, as last seen there.
public final class AVAudioSession: Sendable, MainExecutorBound {
    package let application: Application
    /// The launch's player, through which the session and every ``AVPlayer`` reach the service;
    /// made on first use on the app's main executor.
    @AppMain private var runtimePlayer: AudioPlayer?
    /// What the app set and the system last showed, for reads from any thread.
    private let kept = Mutex(Kept())

    private struct Kept {
        var category = Category.soloAmbient
        /// The options the runtime models, as the session has them.
        var modelledOptions: CategoryOptions = []
        /// The options the runtime does not model, kept for ``categoryOptions``.
        var keptOptions: CategoryOptions = []
        var mode = Mode.default
        var isActive = false
        var isOtherAudioPlaying = false
        var secondaryAudioShouldBeSilencedHint = false
    }

    private init(application: Application) {
        self.application = application
        onMain { _ = $0.audioPlayer }
    }

    /// The launch's player, made with the session's observers on first use.
    @AppMain var audioPlayer: AudioPlayer {
        if let runtimePlayer { return runtimePlayer }
        let made = AudioPlayer(application: application)
        runtimePlayer = made
        let session = made.session
        let application = application
        session.observeInterruptions { [weak self] in self?.post(AVAudioSession.interruptionNotification, $0.userInfo(inIOS: application.profile.iOSVersion)) }
        session.observeRouteChanges { [weak self] in self?.post(AVAudioSession.routeChangeNotification, $0.userInfo) }
        session.observeMediaServicesReset { [weak self] _ in self?.post(AVAudioSession.mediaServicesWereResetNotification, nil) }
        return made
    }

    /// The session of the launch whose code runs now, as `sharedInstance()` is the process's.
    ///
    /// - precondition: the caller is the app's code, running on its device.
    public static func sharedInstance() -> AVAudioSession {
        let application = Application.current(for: "AVAudioSession.sharedInstance()")
        return of(application)
    }

    /// The session of `application`'s launch, made on first use.
    static func of(_ application: Application) -> AVAudioSession {
        application.launchObject(AVAudioSession.self) { AVAudioSession(application: application) }
    }

    @AppMain private var session: AppAudioSession { audioPlayer.session }

    /// Notes what the session shows now, for reads off the main thread.
    @AppMain private func noteSession() {
        let session = session
        let shown = (session.isActive, session.isOtherAudioPlaying, session.secondaryAudioShouldBeSilencedHint)
        let options = CategoryOptions(session.categoryOptions)
        kept.withLock {
            ($0.isActive, $0.isOtherAudioPlaying, $0.secondaryAudioShouldBeSilencedHint) = shown
            $0.modelledOptions = options
        }
    }

    // MARK: The category

    /// The category; ``Category/soloAmbient`` until the app sets another.
    public var category: Category { kept.withLock { $0.category } }

    /// The category's options: those the runtime models (mixing, ducking) as the session has
    /// them, with the others the app set last.
    public var categoryOptions: CategoryOptions {
        let modelled = readOnMain { CategoryOptions($0.session.categoryOptions) }
        return kept.withLock { (modelled ?? $0.modelledOptions).union($0.keptOptions) }
    }

    /// The mode set last; ``Mode/default`` at first.
    public var mode: Mode { kept.withLock { $0.mode } }

    /// Sets the category, keeping no options (`setCategory(_:)`).
    public func setCategory(_ category: Category) throws {
        try setCategory(category, mode: mode, options: [])
    }

    /// Sets the category and its options (`setCategory(_:options:)`, iOS 6).
    public func setCategory(_ category: Category, options: CategoryOptions = []) throws {
        try setCategory(category, mode: mode, options: options)
    }

    /// Sets the category, mode and options (`setCategory(_:mode:options:)`, iOS 10). A category
    /// Backgrounder does not have (recording alone, multi-route) fails with
    /// ``ErrorCode/badParam``. Audio that may no longer play in the background stops if the app
    /// is there, as the Audio module's rules say.
    public func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {
        guard let runtimeCategory = category.runtimeCategory else { throw ErrorCode.badParam.error }
        kept.withLock {
            $0.category = category
            $0.keptOptions = options.subtracting(.modelled)
            $0.mode = mode
        }
        let runtimeOptions = options.runtimeOptions
        onMain { session in
            session.session.setCategory(runtimeCategory, options: runtimeOptions)
            session.noteSession()
        }
    }

    // MARK: Activation

    /// Whether the session is active; Backgrounder's addition, for tests and screens.
    public var isActive: Bool { readOnMain { $0.session.isActive } ?? kept.withLock { $0.isActive } }

    /// Whether another app's audio is playing (`isOtherAudioPlaying`).
    public var isOtherAudioPlaying: Bool { readOnMain { $0.session.isOtherAudioPlaying } ?? kept.withLock { $0.isOtherAudioPlaying } }

    /// Whether another app's audio that does not mix plays (`secondaryAudioShouldBeSilencedHint`).
    public var secondaryAudioShouldBeSilencedHint: Bool {
        readOnMain { $0.session.secondaryAudioShouldBeSilencedHint } ?? kept.withLock { $0.secondaryAudioShouldBeSilencedHint }
    }

    /// Activates or deactivates the session (`setActive(_:)`); activation fails with
    /// ``ErrorCode/insufficientPriority`` while a call is in progress.
    public func setActive(_ active: Bool) throws {
        try setActive(active, options: [])
    }

    /// Activates or deactivates the session (`setActive(_:options:)`); deactivating with
    /// ``SetActiveOptions/notifyOthersOnDeactivation`` lets the audio it interrupted resume.
    public func setActive(_ active: Bool, options: SetActiveOptions = []) throws {
        let runtimeOptions = options.runtimeOptions
        if let outcome = readOnMain({ $0.activate(active, options: runtimeOptions) }) {
            if let refusal = outcome { throw refusal.error }
            return
        }
        onMain { session in
            if let refusal = session.activate(active, options: runtimeOptions) {
                session.application.logger.info(
                    "AVAudioSession.setActive(\(active)) from another thread than the main one failed: \(refusal.error)")
            }
        }
    }

    /// Activates or deactivates the runtime's session; the refusal, if any.
    @AppMain private func activate(_ active: Bool, options: AudioSessionSetActiveOptions) -> ErrorCode? {
        defer { noteSession() }
        do {
            try session.setActive(active, options: options)
            return nil
        } catch {
            return ErrorCode(error)
        }
    }

    // MARK: Notifications

    /// Posted when a call interrupts the session and when it ends, or when the system
    /// deactivated the session of the app it suspended; `userInfo` has
    /// ``AVAudioSessionInterruptionTypeKey`` and the era's keys.
    public nonisolated static let interruptionNotification = Notification.Name("AVAudioSessionInterruptionNotification")
    /// Posted when the route changes; `userInfo` has ``AVAudioSessionRouteChangeReasonKey``.
    public nonisolated static let routeChangeNotification = Notification.Name("AVAudioSessionRouteChangeNotification")
    /// Posted when the media server restarted: the app sets up its session and players again.
    public nonisolated static let mediaServicesWereResetNotification = Notification.Name(
        "AVAudioSessionMediaServicesWereResetNotification")

    @AppMain private func post(_ name: Notification.Name, _ userInfo: [AnyHashable: Any]?) {
        noteSession()
        application.notificationCenter.post(name: name, object: self, userInfo: userInfo)
    }
}
