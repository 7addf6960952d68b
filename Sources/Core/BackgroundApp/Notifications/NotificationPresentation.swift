import BackgroundWire

/// How a notification presented while the app is active shows, as the app's `willPresent`
/// answers (`UNNotificationPresentationOptions`, iOS 10 and later).
public enum NotificationPresentation: Sendable, Equatable {
    /// As a banner, as it would in the background.
    case banner
    /// Not at all: the app shows it its own way. The default.
    case none
}
