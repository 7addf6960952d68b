import BackgroundWire
import Foundation

/// The rules of iOS background execution, as one value: the app's state and everything the
/// system holds for it, changed only by events, each of which returns the effects to carry out.
///
/// It does no I/O, holds no lock and reads no clock: an event brings its ``Moment``, and what
/// should happen — a console line, freezing the app, a timer, a delivery to the app, a file to
/// save — comes back as ``SystemEffect``s for the shell (``Device``) to perform after releasing
/// its lock. So every rule is decided here and only here, one file per concern:
///
/// | concern | file |
/// | --- | --- |
/// | states, launch, Home, open, calls, termination, crashes | `SystemStateMachine+Lifecycle.swift` |
/// | prewarming (iOS 15): the launch sequence run up to `UIApplicationMain` ahead of the launch | `SystemStateMachine+Prewarming.swift` |
/// | state restoration: what the app preserved, handed back after the system ended it | `SystemStateMachine+StateRestoration.swift` |
/// | the launch watchdog | `SystemStateMachine+LaunchWatchdog.swift` |
/// | task assertions, the finite-task budget, expiration, the watchdog | `SystemStateMachine+Assertions.swift` |
/// | activities, suspension, wake-ups, callbacks to the app | `SystemStateMachine+Activities.swift` |
/// | the app's timers | `SystemStateMachine+AppTimers.swift` |
/// | background fetch | `SystemStateMachine+BackgroundFetch.swift` |
/// | `BGTaskScheduler` | `SystemStateMachine+TaskScheduler.swift` |
/// | `BGContinuedProcessingTask` (iOS 26) | `SystemStateMachine+ContinuedProcessing.swift` |
/// | the VoIP keep-alive handler | `SystemStateMachine+KeepAlive.swift` |
/// | notifications | `SystemStateMachine+Notifications.swift` |
/// | notification requests and their triggers | `SystemStateMachine+NotificationRequests.swift` |
/// | remote notifications, background and Newsstand pushes | `SystemStateMachine+Push.swift` |
/// | VoIP pushes and CallKit's rule | `SystemStateMachine+VoIPPush.swift` |
/// | system alerts | `SystemStateMachine+Alerts.swift` |
/// | Now Playing and remote commands | `SystemStateMachine+NowPlaying.swift` |
/// | power, battery, network, Background App Refresh, the lock, a restart | `SystemStateMachine+Conditions.swift` |
/// | Data Protection after the screen locks and before the first unlock | `SystemStateMachine+DataProtection.swift` |
/// | the scene-based life cycle (iOS 13): connecting and disconnecting the scene | `SystemStateMachine+Scenes.swift` |
/// | jetsam under memory pressure: bands, footprints, warnings | `SystemStateMachine+Jetsam.swift` |
///
/// An event is a `mutating` method taking `at moment: Moment` and returning `[SystemEffect]`
/// (with its answer first, for the calls that have one). The model is SwiftNIO's and
/// AsyncHTTPClient's connection state machines. Everything it holds is a value, so tests compare
/// whole machines: the same events at the same moments give equal machines (but for the random
/// push tokens it is made with, which the shell replaces), and an event that does nothing leaves
/// it equal.
package struct SystemStateMachine: Sendable, Equatable {
    package let profile: PolicyProfile
    let infoPlist: InfoPlist
    /// The app's process identifier, for the crash report's words.
    let pid: Int32
    /// The wall-clock date at device time zero.
    let bootDate: Date
    /// Whether a debugger is attached to the app, as when it runs from Xcode: it is never
    /// suspended and no watchdog terminates it.
    let debuggerAttached: Bool
    /// Whether the app has a Notification Service Extension (``NotificationServiceExtension``).
    let hasServiceExtension: Bool

    /// The time of the event being handled.
    private(set) var now: Duration = .zero
    /// The app executor's started-job count at the event being handled.
    private(set) var appJobsStarted = 0
    /// Grows with every change that `status` shows, so that the shell can tell its subscribers.
    private(set) var revision = 0
    private var effects: [SystemEffect] = []

    // MARK: The app

    package var appState = AppState.notRunning
    package var launch: AppLaunch?
    /// The app's prewarmed process, waiting for its launch (iOS 15; `SystemStateMachine+Prewarming.swift`).
    var prewarm: Prewarm?
    /// What the app preserved for state restoration (`SystemStateMachine+StateRestoration.swift`).
    var preserved: PreservedState?
    package var launchCount = 0
    /// The phone call in progress, nil when there is none.
    package var call: CallInProgress?
    var isInterrupted: Bool { call != nil }
    /// Whether the full-screen incoming-call screen covers the app: a call shown full screen,
    /// neither answered nor ended yet.
    var callScreenShown: Bool { call == .ringing(.fullScreen) }
    /// How the app's last launch ended.
    package var lastTermination: TerminationCause?
    /// How MetricKit counts the end of the launch being ended, while it ends.
    var endingExit: AppExitReason?
    /// Whether the launch being ended was on screen when its end began, while it ends.
    var endingOnScreen = false
    /// The ends of the launches so far, by reason, as MetricKit counts them.
    package var exits = AppExitCounts()
    package var run: BackgroundRun?
    package var runCount = 0
    /// The watchdog's timer, while didFinishLaunching of a launch onto the screen, or
    /// willEnterForeground of a return to it, runs.
    package var screenWatchdog: SystemTimerToken?

    // MARK: What the system holds for it

    package var assertions: [BackgroundTaskIdentifier: TaskAssertion] = [:]
    package var nextAssertionID = 1
    /// The latest ended assertions, so that a double end can name the task.
    var recentlyEnded = RecentEndings<TaskAssertion>()
    package var activities: [Int: BackgroundActivity] = [:]
    package var nextActivityID = 1
    /// The time limits of events the app has not begun to handle, by activity: each counts from
    /// when the app begins (``eventHandlingBegan(_:at:)``).
    var eventTimeLimits: [Int: Duration] = [:]
    /// The timers of the time limits counting, by activity: cancelled when the event ends first.
    var eventDeadlines: [Int: SystemTimerToken] = [:]
    package var appTimers: [Int: AppTimerRecord] = [:]
    package var nextAppTimerID = 1
    package var keepAlive: KeepAliveRecord?
    package var fetch = BackgroundFetchState() {
        didSet { fetchFloorChanged = true }
    }
    package var tasks = TaskSchedulerState()
    var continued = ContinuedProcessingState()
    var notifications = NotificationCenterState()
    var nowPlaying = NowPlayingState()
    package var pushes = PushState()
    var alerts: [SystemAlert] = []
    var nextAlertID = 0
    package var conditions = DeviceConditions() {
        didSet { fetchFloorChanged = true }
    }
    /// Whether files of complete protection can be read, and the timer that ends it after a lock.
    package var protectedData = ProtectedDataState()
    /// Background URL sessions and their transfers (`SystemStateMachine+URLSession.swift`).
    package var urlSessions = BackgroundSessionState()
    /// The launch that was on screen when the screen locked, which unlocking brings back.
    var lockedOverLaunch: Int?
    /// Whether the app's scene is connected (an app that uses scenes, iOS 13).
    var sceneConnected = false
    var diagnostics = DiagnosticLog()
    /// The other apps in memory and the app's footprint (`SystemStateMachine+Jetsam.swift`).
    var memory = MemoryState()

    /// The timers running, by token.
    private var timers: [SystemTimerToken: SystemTimerPurpose] = [:]
    private var nextTimerToken = 1
    /// The fetch date last announced.
    private var announcedFetchDate: Date??
    /// The next fetch's floor (``nextFetchFloor``) as last worked out at the end of an event.
    private var fetchFloor: Duration?
    /// Whether what the floor depends on (`fetch`, `conditions`) changed since it was worked out.
    private var fetchFloorChanged = true
    /// How many times the floor was worked out, for tests: an event that touches neither
    /// background fetch nor the device's conditions works out none.
    private(set) var fetchFloorComputations = 0

    package init(
        profile: PolicyProfile, infoPlist: InfoPlist, pid: Int32, bootDate: Date, debuggerAttached: Bool = false,
        hasServiceExtension: Bool = false
    ) {
        self.profile = profile
        self.infoPlist = infoPlist
        self.pid = pid
        self.bootDate = bootDate
        self.debuggerAttached = debuggerAttached
        self.hasServiceExtension = hasServiceExtension
        fetch.scheduler = FetchScheduler(wallClockAtBoot: bootDate.timeIntervalSince1970)
    }

    // MARK: Handling an event

    /// Starts handling an event at `moment`. Time never runs backwards.
    mutating func begin(_ moment: Moment) {
        now = max(now, moment.now)
        appJobsStarted = moment.appJobsStarted
    }

    /// Ends handling an event: the effects it decided, in order.
    mutating func finish() -> [SystemEffect] {
        announceFetchScheduleIfChanged()
        saveBackgroundSessionsIfChanged()
        defer { effects.removeAll(keepingCapacity: true) }
        return effects
    }

    /// Adds an effect to the event's output.
    mutating func emit(_ effect: SystemEffect) {
        effects.append(effect)
    }

    /// Notes a change that `status` shows.
    mutating func markChanged() {
        revision &+= 1
    }

    /// A console line.
    mutating func log(_ line: String) {
        emit(.log(line))
    }

    /// Posts `delivery` to the current launch; nothing if the app is not running.
    package mutating func deliver(_ delivery: AppDelivery) {
        guard let number = launch?.number else { return }
        emit(.deliver(delivery, toLaunch: number))
    }

    /// Reports a broken rule: one console line, counted in `status`.
    mutating func report(_ rule: DiagnosticRule, _ message: String) {
        let diagnostic = Diagnostic(rule: rule, message: message, time: now)
        diagnostics.append(diagnostic)
        markChanged()
        log(diagnostic.consoleMessage)
    }

    /// The event of a broken rule reported from outside (the app's side, a service).
    mutating func report(_ rule: DiagnosticRule, _ message: String, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        report(rule, message)
        return finish()
    }

    // MARK: Timers

    /// Starts a timer for `purpose`, due at `deadline`.
    mutating func schedule(_ purpose: SystemTimerPurpose, at deadline: Duration) -> SystemTimerToken {
        let token = SystemTimerToken(rawValue: nextTimerToken, deadline: deadline)
        nextTimerToken += 1
        timers[token] = purpose
        emit(.scheduleTimer(token))
        return token
    }

    /// Starts a timer for `purpose`, due `delay` from now.
    mutating func schedule(_ purpose: SystemTimerPurpose, after delay: Duration) -> SystemTimerToken {
        schedule(purpose, at: now + delay)
    }

    /// Stops a timer; nothing for nil or a timer already fired or cancelled.
    mutating func cancel(_ token: SystemTimerToken?) {
        guard let token, timers.removeValue(forKey: token) != nil else { return }
        emit(.cancelTimer(token))
    }

    /// The number of timers running.
    package var runningTimers: Int { timers.count }

    /// A timer fell due: its rule runs. A token cancelled meanwhile does nothing.
    package mutating func timerFired(_ token: SystemTimerToken, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if let purpose = timers.removeValue(forKey: token) {
            switch purpose {
            case .didEnterBackgroundGrace(let run): graceEnded(run: run)
            case .assertionExpiration(let run): expire(run: run)
            case .budgetDeadline(let run): budgetEnded(run: run)
            case .launchWatchdog(let launch): launchWatchdogFell(launch: launch)
            case .foregroundWatchdog(let launch): foregroundWatchdogFell(launch: launch)
            case .terminationGrace(let launch): finishTermination(ofLaunch: launch)
            case .appTimer(let id): appTimerFell(due: id)
            case .fetchDeadline(let number): fetchRanOutOfTime(number)
            case .fetchPlan: plannedFetchFellDue()
            case .taskPlan: tasksFellDue()
            case .taskExpiration(let run): expireTask(run, because: "its time is up")
            case .taskDeadline(let run): taskRanOutOfTime(run)
            case .continuedTaskProgressCheck(let run): continuedTaskProgressCheckFell(run: run)
            case .continuedTaskDeadline(let run): continuedTaskRanOutOfTime(run)
            case .keepAlive(let launch): keepAliveFell(launchNumber: launch)
            case .keepAliveHandlerLimit(let activity): keepAliveHandlerTimedOut(activity: activity)
            case .eventTimeLimit(let activity, let limit): eventTimedOut(activity: activity, limit: limit)
            case .pushDeadline(let number): pushRanOutOfTime(number)
            case .serviceExtensionDeadline(let number): serviceExtensionTimeFell(number)
            case .sessionEventsDeadline(let number): sessionEventsOverdue(number)
            case .transferResumeDelay: transferResumeDelayEnded()
            case .transferBeginDate: startWaitingTransfers()
            case .heldPushRelease: heldPushReleaseFell()
            case .scheduledSummary: scheduledSummaryFell()
            case .notificationTrigger(let identifier): notificationTriggerFired(identifier)
            case .protectedDataDiscard: protectedDataKeyDiscarded()
            }
        }
        return finish()
    }

    // MARK: States

    /// Moves the app to `new`: the console's `State: old → new`, the services told, and the
    /// app's code frozen or thawed. Timers that fell due while the app could not run fire on
    /// resume, unless `firingOwedTimers` is false (the caller fires them later).
    mutating func transition(to new: AppState, firingOwedTimers: Bool = true) {
        let old = appState
        guard old != new else { return }
        appState = new
        markChanged()
        log("State: \(old.rawValue) → \(new.rawValue)")
        emit(.announceStateChange(AppStateChange(
            from: old, to: new, time: now, exit: new == .notRunning ? endingExit : nil,
            endedOnScreen: new == .notRunning && endingOnScreen)))
        noteForBackgroundWork(from: old, to: new)
        noteForBackgroundSessions(from: old, to: new)
        if new.isRunning {
            emit(.thawApp)
            if !old.isRunning, firingOwedTimers { fireOwedAppTimers() }
        } else {
            emit(.freezeApp)
        }
    }

    /// The background time left, shared by all assertions: nil (unlimited) in the foreground
    /// or when no assertion is held.
    package func backgroundTimeRemaining(at time: Duration) -> Duration? {
        guard appState == .background, let run, !assertions.isEmpty else { return nil }
        return max(.zero, run.start + profile.finiteTaskBudget - max(time, now))
    }

    /// Assertions in the order they were begun.
    package var assertionsInOrder: [TaskAssertion] {
        assertions.values.sorted { $0.identifier.rawValue < $1.identifier.rawValue }
    }

    // MARK: Wall-clock dates

    /// The wall-clock date of device time `time`.
    func date(at time: Duration) -> Date {
        bootDate.addingTimeInterval(time.seconds)
    }

    /// The device time of the wall-clock `date`, to the millisecond from now.
    func deviceTime(of date: Date) -> Duration {
        now + .milliseconds(Int64((date.timeIntervalSince(self.date(at: now)) * 1000).rounded()))
    }

    /// Announces the next fetch's date when it changed: after a change of what its floor depends
    /// on, or when the floor has passed (the date is then now's).
    private mutating func announceFetchScheduleIfChanged() {
        if fetchFloorChanged {
            fetchFloorChanged = false
            fetchFloorComputations += 1
            fetchFloor = nextFetchFloor
        } else if fetchFloor.map({ $0 >= now }) ?? true {
            // Neither changed nor passed: the date announced holds.
            return
        }
        let date = fetchDate(floor: fetchFloor)
        guard announcedFetchDate != .some(date) else { return }
        announcedFetchDate = .some(date)
        emit(.announceFetchSchedule(date))
    }
}
