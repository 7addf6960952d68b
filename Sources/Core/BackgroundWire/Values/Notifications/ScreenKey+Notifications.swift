extension ScreenKey where Snapshot == NotificationsSnapshot {
    /// The notification center, which the system publishes itself.
    public static let notifications = ScreenKey("notifications")
}
