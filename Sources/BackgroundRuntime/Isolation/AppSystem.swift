import Foundation
import Logging

/// What the app's code asks of the system — every call `Application` and the objects it hands
/// out make. The ``Device`` answers them in its own process; in the app's process of
/// `--isolation process`, ``RemoteAppSystem`` carries them to the device over a socket.
protocol AppSystem: AnyObject, Sendable {
    var logger: Logger { get }
    var infoPlist: InfoPlist { get }
    var profile: PolicyProfile { get }
    var executor: AppMainExecutor { get }
    var date: Date { get }
    var conditions: DeviceConditions { get }
    var backgroundTimeRemaining: Duration? { get }

    func delegate(ofLaunch number: Int) -> (any ApplicationDelegate)?
    func report(_ rule: DiagnosticRule, _ message: String)
    func crash(_ reason: String)
    func publish<Snapshot>(_ snapshot: Snapshot, for key: ScreenKey<Snapshot>)
    func containerURL(forGroup identifier: String) -> URL?
    func callService(_ message: ServiceMessage) -> String?

    func beginAssertion(
        name: String?, expirationHandler: (@AppMain @Sendable () -> Void)?, begunAt: SourceLocation, launchNumber: Int
    ) -> BackgroundTaskIdentifier
    func endAssertion(_ identifier: BackgroundTaskIdentifier, endedAt: SourceLocation, launchNumber: Int)
    func expirationHandlerReturned(_ identifier: BackgroundTaskIdentifier)
    func scheduleAppTimer(
        interval: Duration, repeats: Bool, launchNumber: Int, block: @escaping @AppMain (AppTimer) -> Void
    ) -> AppTimer
    func cancelAppTimer(_ id: Int)

    func setBackgroundFetchInterval(_ interval: BackgroundFetchInterval)
    var nextEarliestFetchDate: Date? { get }
    var pendingTaskRequests: [ScheduledTaskRequest] { get }
    func submitTaskRequest(_ request: ScheduledTaskRequest) throws(BGTaskSchedulerError)
    func submitContinuedTask(_ request: BGContinuedProcessingTaskRequest, pattern: String) throws(BGTaskSchedulerError)
    func cancelTaskRequests(where shouldCancel: (ScheduledTaskRequest) -> Bool)
    func reportContinuedTask(run: Int, _ report: ContinuedTaskReport)
    func completeTask(run: Int, ofLaunch launchNumber: Int?, success: Bool)

    func setKeepAlive(
        interval: Duration, handler: @escaping @AppMain @Sendable () async -> Void, launchNumber: Int
    ) throws(KeepAliveError)
    func clearKeepAlive(launchNumber: Int)

    func requestNotificationAuthorization() -> Bool
    @discardableResult
    func presentNotification(_ notification: LocalNotification) -> DeliveredNotification?
    func registerForPushes(voip: Bool)
    func reportIncomingCall(_ call: IncomingCall, launchNumber: Int)
    func endCall()
    func setNowPlayingInfo(_ info: NowPlayingInfo?)
    func setRemoteCommands(_ commands: Set<RemoteCommandKind>)
}

extension Device: AppSystem {}
