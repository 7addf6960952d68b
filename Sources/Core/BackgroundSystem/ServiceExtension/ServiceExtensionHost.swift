import BackgroundPlatform
import BackgroundWire

/// Where the app's ``NotificationServiceExtension`` runs for the device: a new instance for
/// each push, its answers handed to the device's loop.
protocol ServiceExtensionHost: Sendable {
    /// Hands `request` (push `number`) to a new instance; `delivered` takes, on `loop`, what it
    /// gives its content handler, and `failed` why the extension ended without giving it.
    func run(
        _ number: Int, _ request: NotificationServiceRequest, on loop: SystemLoop,
        delivered: @escaping @Sendable (LocalNotification) -> Void, failed: @escaping @Sendable (String) -> Void)

    /// Calls `serviceExtensionTimeWillExpire()` of push `number`'s instance, then `returned` on
    /// `loop`.
    func expire(_ number: Int, on loop: SystemLoop, returned: @escaping @Sendable () -> Void)

    /// Lets push `number`'s instance go.
    func end(_ number: Int)

    /// Ends push `number`'s instance as jetsam does: where the extension has a process of its
    /// own, that process, and any other push in its hands fails.
    func jetsam(_ number: Int)

    /// Ends what the host started; the device is shutting down.
    func stop()
}
