import BackgroundPlatform
import BackgroundWire
import CProcessControl
import Foundation
import Synchronization

/// The process of the app's Notification Service Extension, as iOS runs an extension apart from
/// its app: the system starts the app's binary again (with
/// ``AppProcessConfiguration/serviceExtensionArguments``) while pushes are in the extension's
/// hands, its end of the socket as standard input.
public enum ServiceExtensionProcess {
    /// Runs the extension `make` makes, a new instance for each push, on the socket at standard
    /// input until the system closes it; then the process exits. The instances' calls are made
    /// one at a time, in the order the system sends them, on the thread that reads the socket.
    public static func run(make: @escaping @Sendable () -> any NotificationServiceExtension) async -> Never {
        // The extension ends with the system, as the app's process does.
        if backgrounder_die_with_parent() != 0 { exit(0) }
        let channel = FrameChannel(descriptor: STDIN_FILENO)
        let instances = Mutex<[Int: any NotificationServiceExtension]>([:])
        channel.startReading(name: "extension-link") { message in
            guard case .serviceExtension(let message) = message else { return }
            switch message {
            case .receive(let number, let request):
                let instance = make()
                instances.withLock { $0[number] = instance }
                instance.didReceive(request) { content in
                    // Its work is done: the instance goes (nothing expires after the handler).
                    _ = instances.withLock { $0.removeValue(forKey: number) }
                    channel.send(.serviceExtension(.delivered(number: number, content)))
                }
            case .expire(let number):
                let instance = instances.withLock { $0.removeValue(forKey: number) }
                instance?.serviceExtensionTimeWillExpire()
                channel.send(.serviceExtension(.expiryReturned(number: number)))
            case .delivered, .expiryReturned:
                break
            }
        } ended: { why in
            if why != FrameChannel.peerClosed {
                FileHandle.standardError.write(Data("service-extension-process: the link ended: \(why)\n".utf8))
            }
            exit(0)
        }
        // The reading thread ends the process; this task waits for nothing until then.
        await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        fatalError("the extension's process outlived its socket")
    }
}
