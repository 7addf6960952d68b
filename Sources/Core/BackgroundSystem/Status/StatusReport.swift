import BackgroundWire

/// The answer to `status`: the system's view of the app, and what each screen last showed.
///
/// Its JSON keys are a public interface that scripts read; add keys, never rename them. Every
/// key is written, with `null` for an absent value.
public struct StatusReport: Encodable, Sendable {
    /// The app's state: notRunning, inactive, active, background or suspended.
    public var state: AppState
    /// The policy profile, e.g. "iOS 10".
    public var profile: String
    /// Why the running app was launched.
    @ExplicitNull public var launchReason: LaunchReason?
    /// Seconds of background time left to the assertions; nil while unlimited.
    @ExplicitNull public var backgroundTimeRemaining: Double?
    /// The held background task assertions, oldest first.
    public var assertions: [AssertionStatus]
    /// The activities keeping the app running, e.g. "Playing IronBacon.mp3".
    public var activities: [String]
    /// How many diagnostics were reported.
    public var diagnostics: Int
    /// How many diagnostics each rule got.
    public var diagnosticRules: [String: Int]
    /// The Info.plist's `UIBackgroundModes`, sorted.
    public var backgroundModes: [String]
    /// Seconds since the device booted.
    public var uptime: Double
    /// What each screen shows, by screen name.
    public var screens: [String: ScreenStatus]
    /// Whether a phone call is in progress (``Device/beginInterruption(presentation:)``).
    public var interrupted: Bool
    /// Whether files of complete protection can be read and written: false from 10 s after the
    /// screen locks until it is unlocked, and after a restart until the first unlock
    /// (`UIApplication.isProtectedDataAvailable`).
    public var protectedDataAvailable: Bool
    /// Whether the app gets the scene-based life cycle: its Info.plist has a scene manifest
    /// and the profile is iOS 13 or later.
    public var usesScenes: Bool
    /// The app's scene, like `UIScene.activationState`: unattached, foregroundActive,
    /// foregroundInactive or background; null for an app that does not use scenes.
    @ExplicitNull public var sceneActivationState: SceneActivationState?
    /// The device's conditions: `power`, `batteryLevel`, `lowPowerMode`, `thermalState`,
    /// `network`, `backgroundAppRefresh`, `locked`, `unlockedSinceBoot`.
    public var device: DeviceStatus
    /// The system alerts waiting for the user's answer, oldest first.
    public var alerts: [SystemAlert]
    /// The Live Activities of continued processing tasks (iOS 26): running first, then queued.
    public var continuedProcessingTasks: [ContinuedProcessingActivity]
    /// The app's push tokens (hex, null until registered), the gateway's URL, and the call on
    /// the incoming-call screen.
    public var push: PushStatus
    /// What the app costs: the Energy Impact gauge, the running launch's counts by state, the
    /// ended launches and their exit reasons.
    public var energy: EnergyStatus
    /// Where the app's code runs: `mode`, `appPid`, `freezer`.
    public var isolation: IsolationStatus
    /// The background URL sessions' transfers, oldest first: `session`, `task`, `url`,
    /// `discretionary`, `phase` (scheduled, waitingForPower, waitingForNetwork, delayed, running,
    /// cancelling, ended), and `resume` for a task that resumes from resume data.
    public var backgroundTransfers: [BackgroundTransferStatus]
    /// Seconds of the background sessions' resume rate limiter's delay: 0 until the system
    /// resumes or launches the app for a session's events, then doubled at each.
    public var transferResumeDelay: Double
    /// Whether the system prewarmed the app (iOS 15): its launch sequence ran up to
    /// `UIApplicationMain` and waits for the launch (`device prewarm`).
    public var prewarmed: Bool
    /// Jetsam's view of memory: the app's `band` (suspended, background, foreground; null
    /// while it does not run), its `footprint` in bytes and `footprintSource` (measured,
    /// declared; null while unknown), and the other apps in memory, `residentApps`, in the
    /// order jetsam would end them.
    public var memory: MemoryStatus
}
