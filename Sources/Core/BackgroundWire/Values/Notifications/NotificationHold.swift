/// Why the system delivered a notification quietly — to Notification Center, without a banner
/// or a sound — instead of presenting it: what `status` shows as a delivered notification's
/// `held`. Its raw values are a public interface: add, never rename.
public enum NotificationHold: String, Sendable, Codable, CaseIterable {
    /// A Focus is on (Do Not Disturb before iOS 15) and the notification is neither time
    /// sensitive nor critical.
    case focus
    /// The user has the app's notifications delivered in the Scheduled Summary (iOS 15) and the
    /// notification is neither time sensitive nor critical; it comes with the next summary.
    case scheduledSummary
    /// The app's permission is provisional (iOS 12): its notifications go quietly to
    /// Notification Center until the user chooses to keep them prominent.
    case provisional
}
