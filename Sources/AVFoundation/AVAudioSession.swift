import Audio
import BackgroundRuntime

/// The app's audio session (`AVAudioSession`): the launch's ``Audio/AppAudioSession``, the
/// category that decides whether its audio goes on in the background, and its notifications
/// posted on `NotificationCenter.default` (the launch's center) with AVFoundation's `userInfo`.
///
/// On Backgrounder the session is the launch's, as the process's is on iOS; it also carries the
/// launch's line to the audio service, which the app's ``AVPlayer``s share (a launch has one
/// queue there). Once it exists the app hears of interruptions, and a suspended app is woken for
/// a call's end, as the runtime wakes an app that observes them.
@preconcurrency @AppMain
public final class AVAudioSession {
    /// The launch's player, through which the session and every ``AVPlayer`` reach the service.
    let audioPlayer: AudioPlayer
    private let application: Application
    /// The options the runtime does not model, kept for ``categoryOptions``.
    private var keptOptions: CategoryOptions = []
    /// The mode set last; ``Mode/default`` at first.
    public private(set) var mode: Mode = .default

    private init(application: Application) {
        self.application = application
        audioPlayer = AudioPlayer(application: application)
        let session = audioPlayer.session
        session.observeInterruptions { [weak self] in self?.post(AVAudioSession.interruptionNotification, $0.userInfo(inIOS: application.profile.iOSVersion)) }
        session.observeRouteChanges { [weak self] in self?.post(AVAudioSession.routeChangeNotification, $0.userInfo) }
        session.observeMediaServicesReset { [weak self] _ in self?.post(AVAudioSession.mediaServicesWereResetNotification, nil) }
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

    private var session: AppAudioSession { audioPlayer.session }

    // MARK: The category

    /// The category; ``Category/soloAmbient`` until the app sets another.
    public var category: Category { Category(session.category) }

    /// The category's options: those the runtime models (mixing, ducking) as the session has
    /// them, with the others the app set last.
    public var categoryOptions: CategoryOptions { CategoryOptions(session.categoryOptions).union(keptOptions) }

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
        session.setCategory(runtimeCategory, options: options.runtimeOptions)
        keptOptions = options.subtracting(.modelled)
        self.mode = mode
    }

    // MARK: Activation

    /// Whether the session is active; Backgrounder's addition, for tests and screens.
    public var isActive: Bool { session.isActive }

    /// Whether another app's audio is playing (`isOtherAudioPlaying`).
    public var isOtherAudioPlaying: Bool { session.isOtherAudioPlaying }

    /// Whether another app's audio that does not mix plays (`secondaryAudioShouldBeSilencedHint`).
    public var secondaryAudioShouldBeSilencedHint: Bool { session.secondaryAudioShouldBeSilencedHint }

    /// Activates or deactivates the session (`setActive(_:)`); activation fails with
    /// ``ErrorCode/insufficientPriority`` while a call is in progress.
    public func setActive(_ active: Bool) throws {
        try setActive(active, options: [])
    }

    /// Activates or deactivates the session (`setActive(_:options:)`); deactivating with
    /// ``SetActiveOptions/notifyOthersOnDeactivation`` lets the audio it interrupted resume.
    public func setActive(_ active: Bool, options: SetActiveOptions = []) throws {
        do {
            try session.setActive(active, options: options.runtimeOptions)
        } catch {
            throw ErrorCode(error).error
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

    private func post(_ name: Notification.Name, _ userInfo: [AnyHashable: Any]?) {
        application.notificationCenter.post(name: name, object: self, userInfo: userInfo)
    }
}
