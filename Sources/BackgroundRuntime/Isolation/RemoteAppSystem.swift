import Foundation
import Logging
import Synchronization

/// The system as the app's code sees it from the app's own process (`--isolation process`):
/// each ``AppSystem`` call goes to the device over the socket, and the calls that return a
/// value wait for the device's answer. The closures the app hands the system — expiration
/// handlers, timer blocks — stay here, named by the identifiers the device gives them.
///
/// The device never waits on the app; the app waits on the device as an iOS app waits on its
/// synchronous calls into the system.
final class RemoteAppSystem: AppSystem {
    let logger: Logger
    let infoPlist: InfoPlist
    let profile: PolicyProfile
    let executor: AppMainExecutor
    private let channel: FrameChannel

    private struct State {
        var nextQuestion = 1
        var waiting: [Int: (semaphore: DispatchSemaphore, answer: AppAnswer?)] = [:]
        var isClosed = false
        var expirationHandlers: [Int: @AppMain @Sendable () -> Void] = [:]
        var keepAliveHandler: (@AppMain @Sendable () async -> Void)?
        var launches: [Int: (application: Application, delegate: any ApplicationDelegate)] = [:]
    }

    private let state = Mutex(State())
    /// The app's timers by identifier, until they are invalidated or a one-shot one fired.
    private let timers = Mutex<[Int: AppTimer]>([:])

    init(channel: FrameChannel, infoPlist: InfoPlist, profile: PolicyProfile, executor: AppMainExecutor) {
        self.channel = channel
        self.infoPlist = infoPlist
        self.profile = profile
        self.executor = executor
        logger = Logger(label: infoPlist.bundleName) { _ in
            ConsoleLogHandler { channel.send(.call(.log(message: $0), id: nil, jobsStarted: executor.jobsStarted)) }
        }
    }

    // MARK: Answers

    /// Sends `call` and waits for its answer; nil once the device has gone.
    private func ask(_ call: AppCall) -> AppAnswer? {
        let semaphore = DispatchSemaphore(value: 0)
        let id: Int? = state.withLock { state in
            guard !state.isClosed else { return nil }
            defer { state.nextQuestion += 1 }
            state.waiting[state.nextQuestion] = (semaphore, nil)
            return state.nextQuestion
        }
        guard let id else { return nil }
        channel.send(.call(call, id: id, jobsStarted: executor.jobsStarted))
        semaphore.wait()
        return state.withLock { $0.waiting.removeValue(forKey: id)?.answer }
    }

    private func tell(_ call: AppCall) {
        channel.send(.call(call, id: nil, jobsStarted: executor.jobsStarted))
    }

    /// The device answered question `id`.
    func receive(_ answer: AppAnswer, for id: Int) {
        let semaphore = state.withLock { state -> DispatchSemaphore? in
            state.waiting[id]?.answer = answer
            return state.waiting[id]?.semaphore
        }
        semaphore?.signal()
    }

    /// The device has gone: every question waiting gets no answer.
    func close() {
        let semaphores = state.withLock { state in
            state.isClosed = true
            return state.waiting.values.map(\.semaphore)
        }
        for semaphore in semaphores { semaphore.signal() }
    }

    // MARK: The launches of this process

    /// Makes the app's `Application` and delegate for launch `number`, then didFinishLaunching.
    @AppMain
    func finishLaunching(_ number: Int, reason: LaunchReason, makeDelegate: @AppMain @Sendable (Application) -> any ApplicationDelegate) {
        let application = Application(system: self, launchNumber: number, launchReason: reason)
        let delegate = makeDelegate(application)
        state.withLock { $0.launches[number] = (application, delegate) }
        application.finishLaunching(delegate: delegate)
    }

    /// Carries out `delivery` for launch `launch`: the deliveries that name what this process
    /// keeps (expiration handlers, timers, the keep-alive handler, barriers) here, the rest as
    /// ``Device`` carries them out in its own process.
    @AppMain
    func carryOut(_ delivery: ProcessDelivery, launch: Int) {
        guard let application = state.withLock({ $0.launches[launch]?.application }) else { return }
        switch delivery {
        case .expirationHandler(let identifier):
            let handler = state.withLock { $0.expirationHandlers.removeValue(forKey: identifier) }
            application.runExpirationHandler(handler ?? {}, for: BackgroundTaskIdentifier(rawValue: identifier))
        case .timerFire(let id):
            tell(.appTimerFireStarted(id: id))
            guard let timer = timers.withLock({ $0[id] }) else { return }
            if !timer.repeats { timers.withLock { _ = $0.removeValue(forKey: id) } }
            timer.fire()
        case .barrier(let id):
            tell(.barrierReached(id: id))
        case .keepAlive(let activity):
            let handler = state.withLock { $0.keepAliveHandler }
            application.task { [weak self] in
                await handler?()
                self?.tell(.endActivity(activity: activity))
            }
        default:
            application.carryOut(delivery, launch: launch) { [weak self] call in self?.tell(call) }
        }
    }

    // MARK: AppSystem

    var date: Date {
        if case .date(let seconds) = ask(.date) { return Date(timeIntervalSince1970: seconds) }
        return Date()
    }

    var conditions: DeviceConditions {
        if case .conditions(let conditions) = ask(.conditions) { return conditions }
        return DeviceConditions()
    }

    var backgroundTimeRemaining: Duration? {
        if case .seconds(let seconds?) = ask(.backgroundTimeRemaining) { return .milliseconds(Int64((seconds * 1000).rounded())) }
        return nil
    }

    func delegate(ofLaunch number: Int) -> (any ApplicationDelegate)? {
        state.withLock { $0.launches[number]?.delegate }
    }

    func report(_ rule: DiagnosticRule, _ message: String) {
        tell(.report(rule: rule.rawValue, message: message))
    }

    func crash(_ reason: String) {
        tell(.crash(reason: reason))
    }

    func publish<Snapshot>(_ snapshot: Snapshot, for key: ScreenKey<Snapshot>) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(snapshot) else { return }
        tell(.publish(screen: key.name, json: String(decoding: data, as: UTF8.self)))
    }

    func containerURL(forGroup identifier: String) -> URL? {
        guard case .path(let path?) = ask(.containerURL(group: identifier)) else { return nil }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    func callService(_ message: ServiceMessage) -> String? {
        guard case .serviceAnswer(let answer) = ask(.callService(message)) else { return nil }
        return answer
    }

    func beginAssertion(
        name: String?, expirationHandler: (@AppMain @Sendable () -> Void)?, begunAt: SourceLocation, launchNumber: Int
    ) -> BackgroundTaskIdentifier {
        let call = AppCall.beginAssertion(
            name: name, hasExpirationHandler: expirationHandler != nil, fileID: begunAt.fileID, line: begunAt.line,
            launch: launchNumber)
        guard case .identifier(let raw) = ask(call), raw != BackgroundTaskIdentifier.invalid.rawValue else { return .invalid }
        if let expirationHandler { state.withLock { $0.expirationHandlers[raw] = expirationHandler } }
        return BackgroundTaskIdentifier(rawValue: raw)
    }

    func endAssertion(_ identifier: BackgroundTaskIdentifier, endedAt: SourceLocation, launchNumber: Int) {
        state.withLock { _ = $0.expirationHandlers.removeValue(forKey: identifier.rawValue) }
        tell(.endAssertion(identifier: identifier.rawValue, fileID: endedAt.fileID, line: endedAt.line, launch: launchNumber))
    }

    func expirationHandlerReturned(_ identifier: BackgroundTaskIdentifier) {
        tell(.expirationHandlerReturned(identifier: identifier.rawValue))
    }

    func scheduleAppTimer(
        interval: Duration, repeats: Bool, launchNumber: Int, block: @escaping @AppMain (AppTimer) -> Void
    ) -> AppTimer {
        let call = AppCall.scheduleAppTimer(nanoseconds: Self.nanoseconds(interval), repeats: repeats, launch: launchNumber)
        guard case .timer(let id) = ask(call) else {
            return AppTimer(id: 0, interval: interval, repeats: repeats, system: nil, block: block)
        }
        let timer = AppTimer(id: id, interval: interval, repeats: repeats, system: self, block: block)
        timers.withLock { $0[id] = timer }
        return timer
    }

    func cancelAppTimer(_ id: Int) {
        timers.withLock { _ = $0.removeValue(forKey: id) }
        tell(.cancelAppTimer(id: id))
    }

    // MARK: Background fetch and BGTaskScheduler

    func setBackgroundFetchInterval(_ interval: BackgroundFetchInterval) {
        tell(.setBackgroundFetchInterval(interval))
    }

    var nextEarliestFetchDate: Date? {
        guard case .optionalDate(let seconds?) = ask(.nextEarliestFetchDate) else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    var pendingTaskRequests: [ScheduledTaskRequest] {
        guard case .requests(let requests) = ask(.pendingTaskRequests) else { return [] }
        return requests
    }

    func submitTaskRequest(_ request: ScheduledTaskRequest) throws(BGTaskSchedulerError) {
        guard case .submitted(let refusal) = ask(.submitTaskRequest(request)) else { throw .unavailable }
        if let refusal { throw refusal }
    }

    func cancelTaskRequests(where shouldCancel: (ScheduledTaskRequest) -> Bool) {
        tell(.cancelTaskRequests(identifiers: pendingTaskRequests.filter(shouldCancel).map(\.identifier)))
    }

    func completeTask(run: Int, ofLaunch launchNumber: Int?, success: Bool) {
        tell(.completeTask(run: run, launch: launchNumber, success: success))
    }

    /// `duration` in whole nanoseconds, as the socket carries it.
    private static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }

    // MARK: Continued processing tasks, notifications, pushes, calls and Now Playing

    func submitContinuedTask(_ request: BGContinuedProcessingTaskRequest, pattern: String) throws(BGTaskSchedulerError) {
        guard case .submitted(let refusal) = ask(.submitContinuedTask(request, pattern: pattern)) else { throw .unavailable }
        if let refusal { throw refusal }
    }

    func reportContinuedTask(run: Int, _ report: ContinuedTaskReport) {
        tell(.reportContinuedTask(run: run, report))
    }

    func setKeepAlive(
        interval: Duration, handler: @escaping @AppMain @Sendable () async -> Void, launchNumber: Int
    ) throws(KeepAliveError) {
        let call = AppCall.setKeepAlive(nanoseconds: Self.nanoseconds(interval), launch: launchNumber)
        guard case .keepAlive(let refusal) = ask(call) else { return }
        if let refusal { throw refusal }
        state.withLock { $0.keepAliveHandler = handler }
    }

    func clearKeepAlive(launchNumber: Int) {
        state.withLock { $0.keepAliveHandler = nil }
        tell(.clearKeepAlive(launch: launchNumber))
    }

    func requestNotificationAuthorization() -> Bool {
        guard case .granted(let granted) = ask(.requestNotificationAuthorization) else { return false }
        return granted
    }

    func presentNotification(_ notification: LocalNotification) -> DeliveredNotification? {
        guard case .notification(let delivered) = ask(.presentNotification(notification)) else { return nil }
        return delivered
    }

    func registerForPushes(voip: Bool) { tell(.registerForPushes(voip: voip)) }
    func reportIncomingCall(_ call: IncomingCall, launchNumber: Int) { tell(.reportIncomingCall(call, launch: launchNumber)) }
    func endCall() { tell(.endCall) }
    func setNowPlayingInfo(_ info: NowPlayingInfo?) { tell(.setNowPlayingInfo(info)) }
    func setRemoteCommands(_ commands: Set<RemoteCommandKind>) { tell(.setRemoteCommands(commands.sorted())) }
}
