import Synchronization

/// The app's Notification Service Extension as the device runs it: a new instance for each
/// push, its calls made as jobs of the device's loop, kept until the machine lets it go.
final class ServiceExtensionHost: Sendable {
    private let make: @Sendable () -> any NotificationServiceExtension
    private let running = Mutex<[Int: any NotificationServiceExtension]>([:])

    init(make: @escaping @Sendable () -> any NotificationServiceExtension) {
        self.make = make
    }

    /// Hands `request` (push `number`) to a new instance on `loop`; `delivered` takes what it
    /// gives its content handler.
    func run(
        _ number: Int, _ request: NotificationServiceRequest, on loop: SystemLoop,
        delivered: @escaping @Sendable (LocalNotification) -> Void
    ) {
        _ = loop.schedule(after: .zero) { [self] in
            let instance = make()
            running.withLock { $0[number] = instance }
            instance.didReceive(request, withContentHandler: delivered)
        }
    }

    /// Calls `serviceExtensionTimeWillExpire()` of push `number`'s instance on `loop`, then
    /// `returned`.
    func expire(_ number: Int, on loop: SystemLoop, returned: @escaping @Sendable () -> Void) {
        _ = loop.schedule(after: .zero) { [self] in
            running.withLock { $0[number] }?.serviceExtensionTimeWillExpire()
            returned()
        }
    }

    /// Lets push `number`'s instance go.
    func end(_ number: Int) {
        _ = running.withLock { $0.removeValue(forKey: number) }
    }
}
