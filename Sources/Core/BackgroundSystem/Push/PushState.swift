import BackgroundWire

/// What the system holds for the app's pushes: its tokens and registrations, the background
/// pushes delivered lately (for the throttle), a held push, pushes in flight, and the VoIP
/// push and CallKit bookkeeping.
package struct PushState: Sendable, Equatable {
    package var tokens = PushTokens.random()
    /// Whether the app called `registerForRemoteNotifications()`.
    var isRegistered = false
    /// Whether the app registered a PushKit registry for VoIP pushes.
    var isRegisteredForVoIP = false
    /// The gateway providers reach the device through, e.g. `https://127.0.0.1:2197`.
    var gateway: String?
    /// When background pushes were delivered, for the hourly throttle.
    var backgroundDeliveries: [Duration] = []
    var held: HeldPush?
    var heldRelease: SystemTimerToken?
    /// When the device last restarted: background pushes wait out the quiet time after it.
    var restartedAt: Duration?
    /// The push a launch into the background is for.
    var launchPush: RemotePush?
    var inFlight: [Int: InFlightPush] = [:]
    /// Pushes in the hands of the app's Notification Service Extension, by number.
    var serviced: [Int: ServicedPush] = [:]
    var nextNumber = 1
    /// When a Newsstand push last launched the app for content.
    var lastNewsstandLaunch: Duration?
    /// `NKDontThrottleNewsstandContentNotifications`: more than one Newsstand push a day.
    var newsstandThrottleOverride = false
    /// VoIP pushes after which the app reported no call (iOS 13 and later).
    var voipFailures = 0
    /// Whether the system stopped delivering VoIP pushes to the app.
    var voipStopped = false
    var incomingCall: IncomingCall?
}
