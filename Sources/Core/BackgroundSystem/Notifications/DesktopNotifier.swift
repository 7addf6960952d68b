import BackgroundWire

/// Where notifications also go when the device runs on a desktop: the freedesktop
/// notification server, say. The system calls it after releasing its lock, and it must never
/// make the caller wait (post from a thread or queue of its own).
public protocol DesktopNotifier: Sendable {
    /// Shows `notification`; `answered` runs (on any thread) when the user chooses its action
    /// on the desktop, `failed` when it could not be shown.
    func show(
        _ notification: DeliveredNotification,
        answered: @escaping @Sendable () -> Void,
        failed: @escaping @Sendable (String) -> Void)
    /// Takes `notification` off the desktop once it was answered.
    func withdraw(_ notification: DeliveredNotification)
    /// Stops, closing whatever it keeps open.
    func stop()
}
