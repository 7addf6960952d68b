/// When the system presents a requested notification, like `UNTimeIntervalNotificationTrigger`:
/// `timeInterval` seconds after the request (of device time), and again every as many seconds
/// when it repeats.
public struct NotificationTrigger: Sendable, Equatable, Codable {
    /// Seconds from the request to the notification; more than zero.
    public var timeInterval: Double
    /// Whether it fires again every `timeInterval` seconds until the app removes it.
    public var repeats: Bool

    public init(timeInterval: Double, repeats: Bool) {
        self.timeInterval = timeInterval
        self.repeats = repeats
    }
}
