/// The answer to `status`: the system's view of the app, and what each screen last showed.
///
/// Its JSON keys are a public interface that scripts read; add keys, never rename them.
public struct StatusReport: Encodable, Sendable {
    /// The app's state: notRunning, inactive, active, background or suspended.
    public let state: AppState
    /// The policy profile, e.g. "iOS 10".
    public let profile: String
    /// Why the running app was launched.
    public let launchReason: LaunchReason?
    /// Seconds of background time left to the assertions; nil while unlimited.
    public let backgroundTimeRemaining: Double?
    /// The held background task assertions, oldest first.
    public let assertions: [AssertionStatus]
    /// The activities keeping the app running, e.g. "Playing IronBacon.mp3".
    public let activities: [String]
    /// How many diagnostics were reported.
    public let diagnostics: Int
    /// How many diagnostics each rule got.
    public let diagnosticRules: [String: Int]
    /// The Info.plist's `UIBackgroundModes`, sorted.
    public let backgroundModes: [String]
    /// Seconds since the device booted.
    public let uptime: Double
    /// What each screen shows, by screen name.
    public let screens: [String: AnyScreenSnapshot]
    /// Whether a phone call is in progress (``Device/beginInterruption()``).
    public let interrupted: Bool
    /// The system alerts waiting for the user's answer, oldest first.
    public let alerts: [SystemAlert]

    private enum CodingKeys: String, CodingKey {
        case state, profile, launchReason, backgroundTimeRemaining, assertions, activities
        case diagnostics, diagnosticRules, backgroundModes, uptime, screens
        case interrupted, alerts
    }

    /// Encodes every key, with `null` for an absent value, so that scripts always find it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(profile, forKey: .profile)
        try container.encode(launchReason, forKey: .launchReason)
        try container.encode(backgroundTimeRemaining, forKey: .backgroundTimeRemaining)
        try container.encode(assertions, forKey: .assertions)
        try container.encode(activities, forKey: .activities)
        try container.encode(diagnostics, forKey: .diagnostics)
        try container.encode(diagnosticRules, forKey: .diagnosticRules)
        try container.encode(backgroundModes, forKey: .backgroundModes)
        try container.encode(uptime, forKey: .uptime)
        try container.encode(screens, forKey: .screens)
        try container.encode(interrupted, forKey: .interrupted)
        try container.encode(alerts, forKey: .alerts)
    }
}

/// A type-erased ``ScreenSnapshot`` that encodes as the snapshot itself.
public struct AnyScreenSnapshot: Encodable, Sendable {
    public let base: any ScreenSnapshot

    public init(_ base: any ScreenSnapshot) {
        self.base = base
    }

    public func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
    }
}
