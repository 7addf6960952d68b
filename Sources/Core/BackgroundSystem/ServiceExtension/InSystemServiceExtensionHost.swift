import BackgroundPlatform
import BackgroundWire
import Synchronization

/// The app's Notification Service Extension in the system's process, as thread mode and a
/// ``TestDevice`` run it: its calls made as jobs of the device's loop, each instance kept until
/// the machine lets it go.
final class InSystemServiceExtensionHost: ServiceExtensionHost {
    private let make: @Sendable () -> any NotificationServiceExtension
    private let running = Mutex<[Int: any NotificationServiceExtension]>([:])

    init(make: @escaping @Sendable () -> any NotificationServiceExtension) {
        self.make = make
    }

    func run(
        _ number: Int, _ request: NotificationServiceRequest, on loop: SystemLoop,
        delivered: @escaping @Sendable (LocalNotification) -> Void, failed: @escaping @Sendable (String) -> Void
    ) {
        _ = loop.schedule(after: .zero) { [self] in
            let instance = make()
            running.withLock { $0[number] = instance }
            instance.didReceive(request, withContentHandler: delivered)
        }
    }

    func expire(_ number: Int, on loop: SystemLoop, returned: @escaping @Sendable () -> Void) {
        _ = loop.schedule(after: .zero) { [self] in
            running.withLock { $0[number] }?.serviceExtensionTimeWillExpire()
            returned()
        }
    }

    func end(_ number: Int) {
        _ = running.withLock { $0.removeValue(forKey: number) }
    }

    func jetsam(_ number: Int) {
        end(number)
    }

    func stop() {}
}
