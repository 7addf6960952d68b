import BackgroundWire

/// How the user answers the app's request to send notifications: chosen ahead
/// (`--notification-authorization`), or `ask`, which shows the permission alert and waits
/// (`notification authorize`, or the web UI's dialog).
public enum NotificationPermissionAnswer: String, Sendable, CaseIterable {
    case allow
    case deny
    case ask
}
