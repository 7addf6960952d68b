import BackgroundPlatform
import BackgroundWire
import Foundation
import Logging
import Synchronization

/// The app's side of the boundary between the app and the system, in whichever process the
/// app's code runs: every call `Application` and the objects it hands out make goes to the
/// system as an ``AppCall`` through a ``SystemLink``, and every ``AppDelivery`` of the system
/// is carried out here.
///
/// Only values cross. The closures and objects the app hands the system — its `Application`
/// and delegate, expiration handlers, timers, the keep-alive handler — stay here, in a table
/// by the identifiers the system gave them, so the system's rules hold none of the app's code
/// and a suspended app's process can be frozen whole.
///
/// The system never waits on the app; the app waits on the system for the calls that answer,
/// as an iOS app waits on its synchronous calls into the system.
package final class AppRuntime: Sendable {
    let logger: Logger
    let infoPlist: InfoPlist
    let profile: PolicyProfile
    let executor: AppMainExecutor
    private let system: any SystemLink
    private let makeDelegate: @AppMain @Sendable (Application) -> any ApplicationDelegate

    /// What the app handed the system, by identifier.
    private struct Kept {
        var launches: [Int: (application: Application, delegate: any ApplicationDelegate)] = [:]
        var expirationHandlers: [BackgroundTaskIdentifier: @AppMain @Sendable () -> Void] = [:]
        var keepAliveHandler: (@AppMain @Sendable () async -> Void)?
        /// Until they are invalidated, or a one-shot one fired.
        var timers: [Int: AppTimer] = [:]
    }

    private let kept = Mutex(Kept())

    package init(
        system: any SystemLink, infoPlist: InfoPlist, profile: PolicyProfile, executor: AppMainExecutor,
        makeDelegate: @escaping @AppMain @Sendable (Application) -> any ApplicationDelegate
    ) {
        self.system = system
        self.infoPlist = infoPlist
        self.profile = profile
        self.executor = executor
        self.makeDelegate = makeDelegate
        logger = Logger(label: infoPlist.bundleName) { _ in
            ConsoleLogHandler { system.log($0) }
        }
    }

    deinit {
        // What the last launch left (its delegate, screens, timers) is freed with the runtime;
        // their isolated deinits go to this app's executor.
        AppMainExecutor.$current.withValue(executor) {
            let leftovers = kept.withLock { kept in
                defer { kept = Kept() }
                return kept
            }
            withExtendedLifetime(leftovers) {}
        }
    }

    // MARK: Launches

    /// The `Application` of launch `number`, while it lasts.
    func application(ofLaunch number: Int) -> Application? {
        kept.withLock { $0.launches[number]?.application }
    }

    func delegate(ofLaunch number: Int) -> (any ApplicationDelegate)? {
        kept.withLock { $0.launches[number]?.delegate }
    }

    /// Forgets launch `number` and everything it handed the system; returns its objects, for
    /// the caller to free outside the lock (their isolated deinits run on the app's executor).
    package func forget(launch number: Int) -> [any Sendable] {
        kept.withLock { kept -> [any Sendable] in
            guard let launch = kept.launches.removeValue(forKey: number) else { return [] }
            defer {
                kept.expirationHandlers.removeAll()
                kept.keepAliveHandler = nil
                kept.timers.removeAll()
            }
            return [launch.application, launch.delegate, kept.timers, kept.keepAliveHandler as (any Sendable)?]
        }
    }

    // MARK: Carrying out the system's deliveries

    /// Carries out `delivery` for launch `launch`: the deliveries that name what this side
    /// keeps (the launch itself, expiration handlers, timers, the keep-alive handler) here, the
    /// rest through ``Application/carryOut(_:launch:tell:)``.
    @AppMain
    package func carryOut(_ delivery: AppDelivery, launch: Int) {
        if case .finishLaunching(let reason) = delivery {
            system.tell(.launchBegan(launch: launch))
            let application = Application(system: self, launchNumber: launch, launchReason: reason)
            let delegate = makeDelegate(application)
            kept.withLock { $0.launches[launch] = (application, delegate) }
            application.finishLaunching(delegate: delegate)
            system.tell(.launchReturned(launch: launch))
            return
        }
        guard let application = application(ofLaunch: launch) else { return }
        switch delivery {
        case .expirationHandler(let identifier):
            let handler = kept.withLock { $0.expirationHandlers.removeValue(forKey: identifier) }
            application.runExpirationHandler(handler ?? {})
        case .timerFire(let id):
            system.tell(.appTimerFireStarted(id: id))
            guard let timer = kept.withLock({ $0.timers[id] }) else { return }
            if !timer.repeats { kept.withLock { _ = $0.timers.removeValue(forKey: id) } }
            timer.fire()
        case .keepAlive(let activity):
            let handler = kept.withLock { $0.keepAliveHandler }
            application.task { [system] in
                await handler?()
                system.tell(.endActivity(activity))
            }
        default:
            application.carryOut(delivery, launch: launch) { [system] call in system.tell(call) }
        }
    }

    // MARK: The app's calls

    var date: Date {
        if case .date(let seconds) = system.ask(.date) { return Date(timeIntervalSince1970: seconds) }
        return Date()
    }

    var conditions: DeviceConditions {
        if case .conditions(let conditions) = system.ask(.conditions) { return conditions }
        return DeviceConditions()
    }

    var backgroundTimeRemaining: Duration? {
        if case .seconds(let seconds?) = system.ask(.backgroundTimeRemaining) {
            return .milliseconds(Int64((seconds * 1000).rounded()))
        }
        return nil
    }

    func report(_ rule: DiagnosticRule, _ message: String) {
        system.tell(.report(rule: rule.rawValue, message: message))
    }

    func crash(_ reason: String) {
        system.tell(.crash(reason: reason))
    }

    func publish<Snapshot>(_ snapshot: Snapshot, for key: ScreenKey<Snapshot>) {
        system.tell(.publish(screen: key.name, snapshot: PublishedSnapshot(snapshot)))
    }

    func preserveState(_ archive: RestorationArchive?, launchNumber: Int) {
        system.tell(.preserveState(archive, launch: launchNumber))
    }

    func restoredState(launchNumber: Int) -> RestorationArchive? {
        guard case .restoredState(let archive) = system.ask(.restoredState(launch: launchNumber)) else { return nil }
        return archive
    }

    /// Which of the app's files the device's class keys open now.
    var protectedDataAccess: ProtectedDataAccess {
        guard case .protectedDataAccess(let access) = system.ask(.protectedDataAccess) else { return ProtectedDataAccess() }
        return access
    }

    /// The app's Documents directory; nil on a device that keeps nothing on disk.
    var documentsDirectory: URL? {
        guard case .path(let path?) = system.ask(.documentsDirectory) else { return nil }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Where the app's keychain items are kept; nil on a device that keeps nothing on disk.
    var keychainDirectory: URL? {
        guard case .path(let path?) = system.ask(.keychainDirectory) else { return nil }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    func containerURL(forGroup identifier: String) -> URL? {
        guard case .path(let path?) = system.ask(.containerURL(group: identifier)) else { return nil }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    func makeBackgroundSession(_ configuration: BackgroundSessionConfiguration, launchNumber: Int) {
        system.tell(.makeBackgroundSession(configuration, launch: launchNumber))
    }

    func cancelDownloadTask(_ task: Int, producingResumeData: Bool, launchNumber: Int) {
        system.tell(.cancelDownloadTask(task: task, producingResumeData: producingResumeData, launch: launchNumber))
    }

    func addDownloadTask(
        session: String, url: String, earliestBeginDate: Date?, expectedBytes: Int64?, resumeData: Data?, launchNumber: Int
    ) -> Int? {
        let call = AppCall.addDownloadTask(
            session: session, url: url, earliestBeginDate: earliestBeginDate, expectedBytes: expectedBytes, resumeData: resumeData,
            launch: launchNumber)
        guard case .transfer(let task) = system.ask(call) else {
            return nil
        }
        return task
    }

    func callService(_ message: ServiceMessage) -> ServicePayload? {
        guard case .serviceAnswer(let answer) = system.ask(.callService(message)) else { return nil }
        return answer
    }

    func tellService(_ message: ServiceMessage) {
        system.tell(.tellService(message))
    }

    func returnServiceCredit(_ channel: String, count: Int) {
        system.tell(.returnServiceCredit(channel: channel, count: count))
    }

    func beginAssertion(
        name: String?, expirationHandler: (@AppMain @Sendable () -> Void)?, begunAt: SourceLocation, launchNumber: Int
    ) -> BackgroundTaskIdentifier {
        let call = AppCall.beginAssertion(
            name: name, hasExpirationHandler: expirationHandler != nil, fileID: begunAt.fileID, line: begunAt.line,
            launch: launchNumber)
        guard case .identifier(let raw) = system.ask(call), raw != BackgroundTaskIdentifier.invalid.rawValue else {
            return .invalid
        }
        let identifier = BackgroundTaskIdentifier(rawValue: raw)
        if let expirationHandler { kept.withLock { $0.expirationHandlers[identifier] = expirationHandler } }
        return identifier
    }

    func endAssertion(_ identifier: BackgroundTaskIdentifier, endedAt: SourceLocation, launchNumber: Int) {
        kept.withLock { _ = $0.expirationHandlers.removeValue(forKey: identifier) }
        system.tell(.endAssertion(identifier: identifier.rawValue, fileID: endedAt.fileID, line: endedAt.line, launch: launchNumber))
    }

    func scheduleAppTimer(
        interval: Duration, repeats: Bool, launchNumber: Int, block: @escaping @AppMain (AppTimer) -> Void
    ) -> AppTimer {
        let call = AppCall.scheduleAppTimer(nanoseconds: interval.nanoseconds, repeats: repeats, launch: launchNumber)
        guard case .timer(let id) = system.ask(call) else {
            return AppTimer(id: 0, interval: interval, repeats: repeats, system: nil, block: block)
        }
        let timer = AppTimer(id: id, interval: interval, repeats: repeats, system: self, block: block)
        kept.withLock { $0.timers[id] = timer }
        return timer
    }

    // MARK: The device's clock, read in the app's process

    /// The device's time: read on the link's loop, or asked on script time.
    var clockNow: Duration {
        if let loop = system.clockLoop { return loop.now }
        guard case .deviceClock(let nanoseconds, _) = system.ask(.deviceClock) else { return .zero }
        return .nanoseconds(nanoseconds)
    }

    /// A timer of ``AppClock`` on the link's loop, whose job is posted to the app's executor; on
    /// script time, one of the app's timers.
    @AppMain
    func scheduleOnClock(
        at deadline: Duration, launchNumber: Int, _ job: @escaping @AppMain @Sendable () -> Void
    ) -> AppClockTimer {
        if let loop = system.clockLoop {
            let runsHere = system.runsClockJobsOnItsTimerThread
            let timer = loop.schedule(at: deadline) { [executor] in
                if runsHere { executor.postAndRun(job) } else { executor.post(job) }
            }
            return AppClockTimer(deadline: deadline) { loop.cancel(timer) }
        }
        let timer = scheduleAppTimer(interval: max(.zero, deadline - clockNow), repeats: false, launchNumber: launchNumber) { _ in
            job()
        }
        return AppClockTimer(deadline: deadline) { timer.invalidate() }
    }

    /// A repeating timer of ``AppClock``: on the link's loop, one kept timer whose job, and the
    /// run it posts, are made once and armed again by each run; on script time, one of the app's
    /// timers a run.
    @AppMain
    func scheduleOnClock(
        at first: Duration, every interval: Duration, launchNumber: Int,
        _ job: @escaping @AppMain @Sendable (AppClockTimer) -> Void
    ) -> AppClockTimer {
        let timer = AppClockTimer(deadline: first)
        if let loop = system.clockLoop {
            let runsHere = system.runsClockJobsOnItsTimerThread
            // The loop holds the run until the timer is cancelled; the run does not hold the loop.
            let run: @AppMain @Sendable () -> Void = { [weak loop] in
                timer.runRepeating(every: interval, now: loop?.now ?? timer.deadline, job)
            }
            let kept = loop.scheduleKept(at: first) { [executor] in
                if runsHere { executor.postAndRun(run) } else { executor.post(run) }
            }
            let cancel: @AppMain () -> Void = { [weak loop] in loop?.cancel(kept) }
            timer.repeats(cancel: cancel) { [weak loop] deadline in
                loop?.rearm(kept, at: deadline)
                return cancel
            }
        } else {
            let run: @AppMain @Sendable () -> Void = { [weak self] in
                timer.runRepeating(every: interval, now: self?.clockNow ?? timer.deadline, job)
            }
            let arm: @AppMain (Duration) -> @AppMain () -> Void = { [weak self] deadline in
                guard let self else { return {} }
                let appTimer = scheduleAppTimer(
                    interval: max(.zero, deadline - clockNow), repeats: false, launchNumber: launchNumber
                ) { _ in run() }
                return { appTimer.invalidate() }
            }
            timer.repeats(cancel: arm(first), rearm: arm)
        }
        return timer
    }

    func cancelAppTimer(_ id: Int) {
        kept.withLock { _ = $0.timers.removeValue(forKey: id) }
        system.tell(.cancelAppTimer(id: id))
    }

    // MARK: Background fetch and BGTaskScheduler

    func setBackgroundFetchInterval(_ interval: BackgroundFetchInterval) {
        system.tell(.setBackgroundFetchInterval(interval))
    }

    var nextEarliestFetchDate: Date? {
        guard case .optionalDate(let seconds?) = system.ask(.nextEarliestFetchDate) else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    var pendingTaskRequests: [ScheduledTaskRequest] {
        guard case .requests(let requests) = system.ask(.pendingTaskRequests) else { return [] }
        return requests
    }

    func submitTaskRequest(_ request: ScheduledTaskRequest) throws(TaskSchedulerError) {
        guard case .submitted(let refusal) = system.ask(.submitTaskRequest(request)) else { throw .unavailable }
        if let refusal { throw refusal }
    }

    func cancelTaskRequests(where shouldCancel: (ScheduledTaskRequest) -> Bool) {
        system.tell(.cancelTaskRequests(identifiers: pendingTaskRequests.filter(shouldCancel).map(\.identifier)))
    }

    func completeTask(run: Int, ofLaunch launchNumber: Int?, success: Bool) {
        system.tell(.completeTask(run: run, launch: launchNumber, success: success))
    }

    func submitContinuedTask(_ request: ContinuedProcessingTaskRequest, pattern: String) throws(TaskSchedulerError) {
        guard case .submitted(let refusal) = system.ask(.submitContinuedTask(request, pattern: pattern)) else {
            throw .unavailable
        }
        if let refusal { throw refusal }
    }

    func reportContinuedTask(run: Int, _ report: ContinuedTaskReport) {
        system.tell(.reportContinuedTask(run: run, report))
    }

    // MARK: Keep-alive, notifications, pushes, calls and Now Playing

    func setKeepAlive(
        interval: Duration, handler: @escaping @AppMain @Sendable () async -> Void, launchNumber: Int
    ) throws(KeepAliveError) {
        guard case .keepAlive(let refusal) = system.ask(.setKeepAlive(nanoseconds: interval.nanoseconds, launch: launchNumber))
        else { return }
        if let refusal { throw refusal }
        kept.withLock { $0.keepAliveHandler = handler }
    }

    func clearKeepAlive(launchNumber: Int) {
        kept.withLock { $0.keepAliveHandler = nil }
        system.tell(.clearKeepAlive(launch: launchNumber))
    }

    func requestNotificationAuthorization(provisional: Bool = false) -> Bool {
        let call: AppCall = provisional ? .requestProvisionalNotificationAuthorization : .requestNotificationAuthorization
        guard case .granted(let granted) = system.ask(call) else { return false }
        return granted
    }

    @discardableResult
    func presentNotification(_ notification: LocalNotification) -> DeliveredNotification? {
        guard case .notification(let delivered) = system.ask(.presentNotification(notification)) else { return nil }
        return delivered
    }

    func setNotificationCategories(_ categories: [NotificationCategory]) { system.tell(.setNotificationCategories(categories)) }

    func addNotificationRequest(_ request: NotificationRequest) -> Bool {
        guard case .granted(let taken) = system.ask(.addNotificationRequest(request)) else { return false }
        return taken
    }

    func removePendingNotificationRequests(identifiers: [String]?) {
        system.tell(.removePendingNotificationRequests(identifiers: identifiers))
    }

    var notificationsSnapshot: NotificationsSnapshot? {
        guard case .notifications(let snapshot) = system.ask(.notificationsSnapshot) else { return nil }
        return snapshot
    }
    func registerForPushes(voip: Bool) { system.tell(.registerForPushes(voip: voip)) }
    func reportIncomingCall(_ call: IncomingCall, launchNumber: Int) { system.tell(.reportIncomingCall(call, launch: launchNumber)) }
    func endCall() { system.tell(.endCall) }
    func setNowPlayingInfo(_ info: NowPlayingInfo?) { system.tell(.setNowPlayingInfo(info)) }
    func setRemoteCommands(_ commands: Set<RemoteCommandKind>) { system.tell(.setRemoteCommands(commands.sorted())) }
}
