/// How much a notification may interrupt the user (`UNNotificationInterruptionLevel`, iOS 15; a
/// push's `aps.interruption-level`): what a Focus and the Scheduled Summary let through.
public enum NotificationInterruptionLevel: String, Sendable, Codable, CaseIterable {
    /// Added to Notification Center without lighting the screen or playing a sound.
    case passive
    /// Presented at once, lighting the screen and playing a sound: the default.
    case active
    /// Presented at once, through a Focus and around the Scheduled Summary.
    case timeSensitive = "time-sensitive"
    /// Presented at once, through a Focus and the mute switch (it needs Apple's entitlement).
    case critical

    /// Whether it breaks through a Focus and is left out of the Scheduled Summary.
    package var breaksThrough: Bool { self == .timeSensitive || self == .critical }
}
