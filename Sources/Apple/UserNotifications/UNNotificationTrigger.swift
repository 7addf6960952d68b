/// When a requested notification is presented (`UNNotificationTrigger`): a
/// ``UNTimeIntervalNotificationTrigger``. Backgrounder has no calendar or location triggers.
// Unchecked: not final (UNTimeIntervalNotificationTrigger subclasses it); its one stored property is a let.
public class UNNotificationTrigger: @unchecked Sendable {
    /// Whether it fires again and again.
    public let repeats: Bool

    init(repeats: Bool) {
        self.repeats = repeats
    }
}
