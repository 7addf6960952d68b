import Foundation
import Logging
import Synchronization

/// The system: the part of iOS that runs one app.
///
/// A device owns the clock, the app's state, its task assertions and timers, and the
/// decision — from the app's Info.plist and the active ``PolicyProfile`` — whether the app
/// keeps running in the background, is suspended, is woken, or is terminated. It plays the
/// user's part too: ``pressHome()``, ``openApp()``, an incoming call, swiping the app away.
///
/// The device never waits on the app. It posts lifecycle notifications, timer fires and
/// callbacks to the app's main executor (``AppMain``) and keeps what the app shows in the
/// snapshot the app last published, so it answers ``status()`` even while the app is frozen.
/// Every method is safe to call from any thread.
///
/// With ``Timing/manual`` the device is a deterministic driver for tests: actions take effect
/// and the app's resulting jobs run before the call returns, and ``advance(by:)`` moves time.
///
/// - warning: All devices share the process's one app main executor. A new device claims it:
///   from then on an older device's deliveries, freezes and thaws are ignored. Drive one
///   device at a time.
public final class Device: Sendable {
    public let profile: PolicyProfile
    public let infoPlist: InfoPlist
    public let loop: SystemLoop
    public let console: Console
    /// The system's own console voice (state changes, diagnostics, terminations).
    public let logger: Logger
    /// The notification center; a live device also posts to the desktop's session bus.
    public let notifications: LocalNotificationCenter

    let executor = AppMainExecutor.shared
    /// This device's claim on the app's main executor.
    let executorOwner: Int
    let makeDelegate: @AppMain @Sendable (Application) -> any ApplicationDelegate
    let state = Mutex(DeviceState())
    let taskRequestStore: TaskRequestStore?
    private let observers = Mutex<[Int: @Sendable (AppStateChange) -> Void]>([:])
    private let nextObserverID = Atomic<Int>(1)
    let interruptionObservers = Mutex<(nextID: Int, handlers: [Int: @Sendable (InterruptionEvent) -> Void])>((1, [:]))

    /// Creates a device with the app not running; ``launch(reason:)`` starts it.
    ///
    /// - Parameters:
    ///   - timing: live time, or manual time that only ``advance(by:)`` moves.
    ///   - wallClockStart: the wall-clock time at boot for console lines; now by default with
    ///     live timing, and a fixed date with manual timing so that logs repeat exactly.
    ///   - consoleOutput: where console lines go besides the console's memory.
    ///   - storageDirectory: where the system keeps what outlives its process (the pending
    ///     `BGTaskScheduler` requests); nil keeps it in memory only.
    ///   - app: makes the app's delegate at each launch.
    public init(
        profile: PolicyProfile = .default,
        infoPlist: InfoPlist,
        timing: Timing = .live,
        wallClockStart: Date? = nil,
        consoleOutput: (@Sendable (String) -> Void)? = nil,
        storageDirectory: URL? = nil,
        app: @escaping @AppMain @Sendable (Application) -> any ApplicationDelegate
    ) {
        self.profile = profile
        self.infoPlist = infoPlist
        let loop = SystemLoop(timing: timing)
        self.loop = loop
        let start = wallClockStart ?? (timing == .live ? Date() : Device.manualEpoch)
        let console = Console(
            process: infoPlist.bundleName,
            wallClock: { start.addingTimeInterval(loop.now.seconds) },
            output: consoleOutput)
        self.console = console
        self.logger = Logger(label: infoPlist.bundleName) { _ in ConsoleLogHandler(console: console) }
        self.notifications = LocalNotificationCenter(desktop: timing == .live ? FreedesktopNotifications.sessionBus() : nil)
        self.makeDelegate = app
        self.taskRequestStore = storageDirectory.map(TaskRequestStore.init(directory:))
        executorOwner = executor.claim()
        prepareBackgroundWork()
        if timing == .live { loop.startLiveThreads() }
    }

    /// The wall-clock time a manual device boots at: the moment of the 2013 tutorial's log.
    public static let manualEpoch = Date(timeIntervalSince1970: 1_362_713_471)

    /// Stops a live device's threads. The app is not told; terminate it first for that.
    public func shutdown() {
        if loop.timing == .live { loop.stopLiveThreads() }
        console.finishFollowers()
        notifications.shutdown()
    }

    // MARK: Time

    /// The time since the device booted.
    public var now: Duration { loop.now }

    /// With manual timing: moves time forward, firing every timer that falls due in order and
    /// running the app's jobs after each.
    public func advance(by duration: Duration) {
        loop.advance(by: duration)
    }

    // MARK: Reading the system's state

    /// The app's state as the system sees it.
    public var appState: AppState { state.withLock { $0.appState } }

    /// Why the running app was launched; nil when it is not running.
    public var launchReason: LaunchReason? { state.withLock { $0.launch?.reason } }

    /// How many times the app was launched.
    public var launchCount: Int { state.withLock { $0.launchCount } }

    /// The diagnostics reported so far.
    public var diagnostics: DiagnosticLog { state.withLock { $0.diagnostics } }

    /// The background time left, shared by all assertions: nil (unlimited) in the foreground or
    /// when no assertion is held.
    public var backgroundTimeRemaining: Duration? {
        state.withLock { remainingBackgroundTime(in: $0) }
    }

    func remainingBackgroundTime(in state: DeviceState) -> Duration? {
        guard state.appState == .background, let run = state.run, !state.assertions.isEmpty else { return nil }
        return max(.zero, run.start + profile.finiteTaskBudget - loop.now)
    }

    // MARK: Observing

    /// Calls `handler` after every change of the app's state, on the thread that made it.
    /// For the system's own services; the app observes ``LifecycleEvent``s instead.
    @discardableResult
    public func observeStateChanges(_ handler: @escaping @Sendable (AppStateChange) -> Void) -> Int {
        let id = nextObserverID.add(1, ordering: .relaxed).oldValue
        observers.withLock { $0[id] = handler }
        return id
    }

    /// Stops calling an observer.
    public func removeStateObserver(_ id: Int) {
        _ = observers.withLock { $0.removeValue(forKey: id) }
    }

    // MARK: Internals shared by the extensions

    /// Runs `body` with the state locked, then tells observers about the changes it made and
    /// releases what an ended launch held.
    func mutate<T>(_ body: (inout DeviceState) -> T) -> T {
        let (result, changes, retired) = state.withLock { state in
            let result = body(&state)
            defer {
                state.unannouncedChanges.removeAll()
                state.retired.removeAll()
            }
            return (result, state.unannouncedChanges, state.retired)
        }
        withExtendedLifetime(retired) {}
        if !changes.isEmpty {
            let handlers = observers.withLock { Array($0.values) }
            for change in changes {
                for handler in handlers { handler(change) }
            }
        }
        return result
    }

    /// Moves the app to `new`, logging `State: old → new` and freezing or thawing its code.
    /// Timers that fell due while the app could not run fire on resume, unless
    /// `firingOwedTimers` is false: the caller posts them later with `postOwedTimerFires`.
    func transition(_ state: inout DeviceState, to new: AppState, firingOwedTimers: Bool = true) {
        let old = state.appState
        guard old != new else { return }
        state.appState = new
        console.log("State: \(old.rawValue) → \(new.rawValue)")
        state.unannouncedChanges.append(AppStateChange(from: old, to: new, time: loop.now))
        noteForBackgroundWork(from: old, to: new, in: &state)
        if new.isRunning {
            executor.thaw(by: executorOwner)
            if !old.isRunning, firingOwedTimers { postOwedTimerFires(&state) }
        } else {
            executor.freeze(by: executorOwner)
        }
    }

    /// Reports a broken rule: one console line, counted in `status`.
    public func report(_ rule: DiagnosticRule, _ message: String) {
        state.withLock { report(rule, message, in: &$0) }
    }

    func report(_ rule: DiagnosticRule, _ message: String, in state: inout DeviceState) {
        let diagnostic = Diagnostic(rule: rule, message: message, time: loop.now)
        state.diagnostics.append(diagnostic)
        console.log(diagnostic.consoleMessage)
    }

    /// Queues `job` for the current launch of the app; it is dropped if that launch ends first.
    func post(to launch: AppLaunch?, _ job: @escaping @AppMain @Sendable (Application) -> Void) {
        guard let number = launch?.number else { return }
        executor.post(by: executorOwner) { [weak self] in
            guard let self, let application = self.application(ofLaunch: number) else { return }
            job(application)
        }
    }

    func delegate(ofLaunch number: Int) -> (any ApplicationDelegate)? {
        state.withLock { state in
            state.launch?.number == number ? state.launch?.delegate : nil
        }
    }

    func application(ofLaunch number: Int) -> Application? {
        state.withLock { state in
            state.launch?.number == number ? state.launch?.application : nil
        }
    }

    /// With manual timing, runs the app's jobs that the last action caused.
    func settle() {
        loop.runUntilIdle()
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
