import BackgroundWire
import Foundation
import Logging
import Synchronization

/// The running app's handle on the system, like `UIApplication.shared`.
///
/// Each launch of the app gets its own `Application`, handed to the delegate's factory; the
/// app passes it to whatever needs it (there is no singleton, so tests can run many launches).
/// It lives on the app's main executor, as UIKit's does on the main thread.
@AppMain
public final class Application {
    /// The app's state as the app sees it. It changes when the app handles each lifecycle
    /// event, in order, so code that runs between events sees the state iOS would report then.
    public private(set) var applicationState: ApplicationState
    /// Why the system launched the app.
    public nonisolated let launchReason: LaunchReason
    /// The delegate made for this launch. The system keeps it for as long as the launch
    /// lasts, so that a terminated launch's objects are freed.
    public var delegate: (any ApplicationDelegate)? {
        system?.delegate(ofLaunch: launchNumber)
    }
    /// Whether didFinishLaunching has returned.
    public private(set) var isFinishedLaunching = false
    /// The app's `NSLog`: lines on the device's console.
    public nonisolated let logger: Logger
    /// This launch's `NotificationCenter.default`: the system posts the lifecycle and device
    /// notifications here under UIKit's names, with the application as their object, right
    /// after the delegate's method. A new launch has a new one, as a new process does.
    public nonisolated let notificationCenter = NotificationCenter()
    /// The app's Info.plist.
    public nonisolated let infoPlist: InfoPlist
    /// The policy profile in force.
    public nonisolated let profile: PolicyProfile

    nonisolated weak let system: AppRuntime?
    nonisolated let launchNumber: Int
    private var observers: [ObservedNotification: [(id: Int, handler: @AppMain () -> Void)]] = [:]
    private var nextObserverID = 1
    /// How many expiration handlers are running now, on the app's main executor.
    private nonisolated let expirationHandlerDepth = Atomic<Int>(0)
    /// The background URL sessions this launch made, by identifier.
    var backgroundSessions: [String: BackgroundURLSession] = [:]
    /// The remote command handlers and now-playing info of this launch, made on first use.
    var remoteCommandCenterStorage: RemoteCommandCenter?
    var nowPlayingInfoCenterStorage: NowPlayingInfoCenter?
    /// Where each service channel's messages go (``ServiceClient``).
    var serviceReceivers: [String: @AppMain (ServicePayload, PassedDescriptor?) -> Void] = [:]
    /// The handlers of the taps a script or the web UI asks for, by name (``handleTaps(named:_:)``).
    var tapHandlers: [String: @AppMain ([String]) throws(AppCommandRefusal) -> String?] = [:]
    /// The MetricKit manager of this launch, made on first use.
    var metricManagerStorage: MetricManager?
    /// The scene connected, in an app that uses scenes (``connectedScenes``).
    var connectedScene: Scene?
    /// The object the system's notifications carry (`notification.object`), when an
    /// Apple-spelled module stands for this application with one of its own (UIKit's
    /// `UIApplication`); the application itself otherwise.
    package var notificationObject: AnyObject?
    /// The objects frameworks keep once per launch (``launchObject(_:make:)``), by type; any
    /// thread may ask for one, as any thread may ask for an iOS framework's shared object.
    nonisolated let launchObjects = Mutex<[ObjectIdentifier: any AnyObject & Sendable]>([:])
    /// The completion handlers of authorization requests waiting for the user's answer.
    var authorizationHandlers: [@AppMain (Bool) -> Void] = []
    /// The object that takes notifications presented while the app is active, and the user's
    /// answers, from the delegate (``NotificationReceiver``): UserNotifications' center.
    public weak var notificationReceiver: (any NotificationReceiver)?
    /// The object that takes VoIP pushes and the VoIP token from the delegate
    /// (``VoIPPushReceiver``): a PushKit registry.
    public weak var voipPushReceiver: (any VoIPPushReceiver)?
    /// The object told of the user's answer to a reported call in the delegate's place
    /// (``CallReceiver``): a CallKit provider.
    public weak var callReceiver: (any CallReceiver)?
    /// The device's app executor, which async work started with ``task(_:)`` prefers.
    nonisolated let executor: AppMainExecutor

    init(system: AppRuntime, launchNumber: Int, launchReason: LaunchReason) {
        self.system = system
        self.launchNumber = launchNumber
        self.launchReason = launchReason
        self.applicationState = launchReason.isForeground ? .inactive : .background
        self.logger = system.logger
        self.infoPlist = system.infoPlist
        self.profile = system.profile
        self.executor = system.executor
        executor.launchedApplication = self
    }

    /// Whether the caller runs on this launch's main executor now: in one of its jobs, or, in the
    /// app's own process, on the main queue. Apple-spelled code that may be called from any
    /// thread asks it before it takes the main executor's isolation.
    package nonisolated var isOnMainExecutor: Bool {
        executor.isIsolatingCurrentContext
    }

    /// The launch whose code runs now: the application of the device whose app executor runs
    /// this job (`UIApplication.shared`), or, in the app's own process, of that process, also
    /// on a thread the app started; nil outside the app's code.
    public nonisolated static var current: Application? {
        AppMainExecutor.active?.launchedApplication
    }

    // MARK: Lifecycle

    /// Calls `handler` each time `event` is delivered, after the delegate. Remove it with
    /// ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(for event: LifecycleEvent, using handler: @escaping @AppMain () -> Void) -> LifecycleObserverToken {
        addObserver(for: .lifecycle(event), using: handler)
    }

    /// Calls `handler` each time the device posts `notification` (Low Power Mode, heat,
    /// Background App Refresh, protected data). Remove it with ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(for notification: SystemNotification, using handler: @escaping @AppMain () -> Void) -> LifecycleObserverToken {
        addObserver(for: .system(notification), using: handler)
    }

    func addObserver(for name: ObservedNotification, using handler: @escaping @AppMain () -> Void) -> LifecycleObserverToken {
        let id = nextObserverID
        nextObserverID += 1
        observers[name, default: []].append((id, handler))
        return LifecycleObserverToken(id: id, name: name)
    }

    /// Stops calling an observer; removing it twice does nothing.
    public func removeObserver(_ token: LifecycleObserverToken) {
        observers[token.name]?.removeAll { $0.id == token.id }
    }

    /// The deliveries of `event`, as an async sequence for `for await` loops. The observer is
    /// removed when the loop ends.
    public func notifications(of event: LifecycleEvent) -> LifecycleNotifications {
        LifecycleNotifications(event: event, application: self)
    }

    func finishLaunching(delegate: any ApplicationDelegate) {
        delegate.applicationDidFinishLaunching(self)
        isFinishedLaunching = true
        notifyObservers(of: .lifecycle(.didFinishLaunching))
    }

    /// Handles one lifecycle event: the delegate — in an app that uses scenes, the scene's
    /// delegate and notification in place of the app delegate's four foreground and background
    /// methods — then the observers, with the app-visible state changed before or after as
    /// UIKit changes it.
    package func deliver(_ event: LifecycleEvent) {
        switch event {
        case .didEnterBackground: applicationState = .background
        case .didBecomeActive: applicationState = .active
        case .didFinishLaunching, .willResignActive, .willEnterForeground, .willTerminate: break
        }
        if usesScenes, event.sceneNotification != nil {
            deliverToScene(event)
        } else if let delegate {
            switch event {
            case .didFinishLaunching: break
            case .willResignActive: delegate.applicationWillResignActive(self)
            case .didEnterBackground: delegate.applicationDidEnterBackground(self)
            case .willEnterForeground: delegate.applicationWillEnterForeground(self)
            case .didBecomeActive: delegate.applicationDidBecomeActive(self)
            case .willTerminate: delegate.applicationWillTerminate(self)
            }
        }
        notifyObservers(of: .lifecycle(event))
        switch event {
        case .willResignActive, .willEnterForeground: applicationState = .inactive
        case .didFinishLaunching, .didEnterBackground, .didBecomeActive, .willTerminate: break
        }
    }

    /// Tells the delegate of a device notification it has a method for, then the observers.
    package func deliver(_ notification: SystemNotification) {
        switch notification {
        case .protectedDataWillBecomeUnavailable: delegate?.applicationProtectedDataWillBecomeUnavailable(self)
        case .protectedDataDidBecomeAvailable: delegate?.applicationProtectedDataDidBecomeAvailable(self)
        case .didReceiveMemoryWarning: delegate?.applicationDidReceiveMemoryWarning(self)
        case .powerStateDidChange, .thermalStateDidChange, .backgroundRefreshStatusDidChange: break
        }
        notifyObservers(of: .system(notification))
    }

    /// Calls the observers of `name`, then posts it on ``notificationCenter`` with `object`
    /// (the scene, for a scene's notification), or the application.
    func notifyObservers(of name: ObservedNotification, object: AnyObject? = nil) {
        for observer in observers[name] ?? [] { observer.handler() }
        notificationCenter.post(name: name.notificationName, object: object ?? notificationObject ?? self)
    }

    // MARK: Background tasks

    /// The background time left to the app's background tasks, in seconds: `DBL_MAX`
    /// (1.7976931348623157e308) in the foreground, as iOS reports it, and counting down from the
    /// profile's budget once in the background with a task begun.
    public nonisolated var backgroundTimeRemaining: Double {
        system?.backgroundTimeRemaining?.seconds ?? .greatestFiniteMagnitude
    }

    /// Asks for background time to finish a task, like `beginBackgroundTask(withName:expirationHandler:)`.
    ///
    /// Every call must be balanced by ``endBackgroundTask(_:fileID:line:)`` with the identifier it returned.
    /// The expiration handler runs a few seconds before the budget ends; end the task there, or
    /// the app is terminated. Returns `BackgroundTaskIdentifier/invalid` when no background
    /// time can be had, and inside an expiration handler. It may be called from any thread, as
    /// UIKit's may.
    public nonisolated func beginBackgroundTask(
        withName name: String? = nil,
        expirationHandler: (@AppMain @Sendable () -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) -> BackgroundTaskIdentifier {
        let location = SourceLocation(fileID: fileID, line: line)
        guard let system else { return .invalid }
        guard expirationHandlerDepth.load(ordering: .relaxed) == 0 || !executor.isIsolatingCurrentContext else {
            system.report(
                .beginInExpirationHandler,
                "beginBackgroundTask(\(name.map { "\"\($0)\"" } ?? "")) at \(location) was called inside an "
                    + "expiration handler; background time is over, so it returns .invalid")
            return .invalid
        }
        return system.beginAssertion(
            name: name, expirationHandler: expirationHandler, begunAt: location, launchNumber: launchNumber)
    }

    /// Ends a background task; the app may be suspended right after if nothing else needs it.
    /// Ending an identifier that is unknown or already ended is reported, never a crash. It may
    /// be called from any thread, as UIKit's may.
    public nonisolated func endBackgroundTask(_ identifier: BackgroundTaskIdentifier, fileID: String = #fileID, line: Int = #line) {
        system?.endAssertion(identifier, endedAt: SourceLocation(fileID: fileID, line: line), launchNumber: launchNumber)
    }

    func runExpirationHandler(_ handler: @AppMain @Sendable () -> Void) {
        expirationHandlerDepth.add(1, ordering: .relaxed)
        handler()
        expirationHandlerDepth.subtract(1, ordering: .relaxed)
    }

    // MARK: Timers

    /// A timer whose block runs on the app's main executor every `interval` (once if not
    /// `repeats`), like `Timer.scheduledTimer(withTimeInterval:repeats:block:)`.
    public func scheduledTimer(
        withTimeInterval interval: Duration,
        repeats: Bool,
        block: @escaping @AppMain (AppTimer) -> Void
    ) -> AppTimer {
        guard let system else {
            return AppTimer.invalidated(interval: interval, repeats: repeats)
        }
        return system.scheduleAppTimer(interval: interval, repeats: repeats, launchNumber: launchNumber, block: block)
    }

    // MARK: Async work

    /// Starts async work on the app's main executor. Unlike a plain `Task { @AppMain in … }`,
    /// its awaits resume on the app's executor without a detour through Swift's global one,
    /// so a manual device runs it deterministically; like every app job it is frozen while the
    /// app is suspended.
    @discardableResult
    public func task<T: Sendable>(_ operation: @escaping @AppMain @Sendable () async -> T) -> Task<T, Never> {
        Task(executorPreference: executor, operation: operation)
    }

    // MARK: Time

    /// The device's clock, read in the app's process, with timers on the app's executor.
    public nonisolated var clock: AppClock { AppClock(runtime: system, launchNumber: launchNumber) }

    // MARK: Snapshots

    /// Publishes what a screen shows, for `status` and the web UI; any thread may.
    public nonisolated func publish<Snapshot>(_ snapshot: Snapshot, for key: ScreenKey<Snapshot>) {
        system?.publish(snapshot, for: key)
    }
}
