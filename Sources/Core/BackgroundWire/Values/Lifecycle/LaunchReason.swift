/// Why the system launched the app, as in `UIApplication.LaunchOptionsKey`.
public enum LaunchReason: String, Sendable, Codable, CaseIterable {
    /// The user tapped the icon: the app launches into the foreground.
    case user
    /// A background fetch is due: the app launches into the background.
    case fetch
    /// A significant location change or region event.
    case location
    /// A VoIP app is relaunched after it crashed or the system terminated it, or a PushKit VoIP
    /// push arrived.
    case voip
    /// A Newsstand issue's download finished, or a Newsstand push arrived.
    case newsstand
    /// A background transfer finished (`handleEventsForBackgroundURLSession`).
    case transfer
    /// A `BGTaskScheduler` task is due.
    case backgroundTask
    /// A background push (`content-available`) arrived (`UIApplication.LaunchOptionsKey.remoteNotification`).
    case remoteNotification
    /// The user chose a notification action that runs in the background (one without
    /// `.foreground`).
    case notificationAction

    /// Whether this launch brings the app on screen.
    public var isForeground: Bool { self == .user }
}
