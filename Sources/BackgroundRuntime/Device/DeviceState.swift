/// Everything the system knows about the app; guarded by the device's lock.
struct DeviceState: Sendable {
    var appState = AppState.notRunning
    var launch: AppLaunch?
    var launchCount = 0
    var isInterrupted = false
    var run: BackgroundRun?
    var runCount = 0

    var assertions: [BackgroundTaskIdentifier: TaskAssertion] = [:]
    var nextAssertionID = 1
    /// The latest ended assertions, so that a double end can name the task.
    var recentlyEnded: [BackgroundTaskIdentifier: TaskAssertion] = [:]

    var activities: [Int: BackgroundActivity] = [:]
    var nextActivityID = 1

    var timers: [Int: AppTimerRecord] = [:]
    var nextTimerID = 1

    var keepAlive: KeepAliveRecord?
    /// How the app's last launch ended.
    var lastTermination: TerminationCause?

    var diagnostics = DiagnosticLog()
    var snapshots: [String: any ScreenSnapshot] = [:]
    var alerts: [SystemAlert] = []
    var nextAlertID = 0

    var conditions = DeviceConditions()
    var fetch = BackgroundFetchState()
    var tasks = TaskSchedulerState()

    /// State changes made under the lock, told to observers once it is released.
    var unannouncedChanges: [AppStateChange] = []
    /// What an ended launch held (its delegate, screens, timers), released once the lock is:
    /// the app's objects must never be freed, and run their deinits, under the device's lock.
    var retired: [any Sendable] = []

    /// Assertions in the order they were begun.
    var assertionsInOrder: [TaskAssertion] {
        assertions.values.sorted { $0.identifier.rawValue < $1.identifier.rawValue }
    }
}
