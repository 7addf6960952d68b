import BackgroundPlatform
import BackgroundWire
import Foundation
import Synchronization

/// The app's Notification Service Extension in a process of its own, as iOS runs an extension
/// (`--isolation process`): the app's binary started again with
/// ``AppProcessConfiguration/serviceExtensionArguments``, which runs
/// ``ServiceExtensionProcess``. The first push for it starts the process; the end of the last
/// push in its hands closes its socket, and it exits. The app's own process is neither started
/// nor thawed for it.
///
/// Starting the process waits on the kernel, so it runs on a queue of the host's own and the
/// effect pump that calls never blocks; messages go out on the socket at once and the process
/// reads them once it runs. Its answers come on the socket's reading thread and are handed to
/// the device's loop. A process that ends while it holds pushes fails each of them.
final class OwnProcessServiceExtensionHost: ServiceExtensionHost {
    /// A push in the process's hands, and where its answers go.
    private struct Push {
        let loop: SystemLoop
        let delivered: @Sendable (LocalNotification) -> Void
        let failed: @Sendable (String) -> Void
        var returned: (@Sendable () -> Void)?
    }

    /// The extension's process while it holds pushes.
    private struct Running {
        let channel: FrameChannel
        var pushes: [Int: Push] = [:]
        /// Set once the process has started.
        var pid: Int32?
    }

    private let executable: String
    private let arguments: [String]
    private let running = Mutex<Running?>(nil)
    private let spawner = SpawningThread()
    /// Where the process is started, in order.
    private let kernel = DispatchQueue(label: "service-extension.kernel")

    init(executable: String, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// The extension's process, while it holds pushes and once it has started.
    var pid: Int32? { running.withLock { $0?.pid } }

    func run(
        _ number: Int, _ request: NotificationServiceRequest, on loop: SystemLoop,
        delivered: @escaping @Sendable (LocalNotification) -> Void, failed: @escaping @Sendable (String) -> Void
    ) {
        let push = Push(loop: loop, delivered: delivered, failed: failed)
        let (channel, startsProcess) = running.withLock { running -> (FrameChannel?, Int32?) in
            if running != nil {
                running?.pushes[number] = push
                return (running?.channel, nil)
            }
            var ends: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
                return (nil, nil)
            }
            running = Running(channel: FrameChannel(descriptor: ends[0]), pushes: [number: push])
            return (running?.channel, ends[1])
        }
        guard let channel else {
            let reason = String(cString: strerror(errno))
            return hand(push) { $0.failed("its process could not start: cannot make its socket: \(reason)") }
        }
        if let extensionEnd = startsProcess { start(channel, extensionEnd: extensionEnd) }
        channel.send(.serviceExtension(.receive(number: number, request)))
    }

    func expire(_ number: Int, on loop: SystemLoop, returned: @escaping @Sendable () -> Void) {
        let channel = running.withLock { running -> FrameChannel? in
            guard running?.pushes[number] != nil else { return nil }
            running?.pushes[number]?.returned = returned
            return running?.channel
        }
        guard let channel else { return _ = loop.schedule(after: .zero, returned) }
        channel.send(.serviceExtension(.expire(number: number)))
    }

    func end(_ number: Int) {
        let idle = running.withLock { running -> FrameChannel? in
            running?.pushes[number] = nil
            guard let channel = running?.channel, running?.pushes.isEmpty == true else { return nil }
            running = nil
            return channel
        }
        // With its socket closed, the process ends on its own.
        idle?.close()
    }

    func jetsam(_ number: Int) {
        let pid = running.withLock { running -> Int32? in
            guard let pid = running?.pid, running?.pushes.removeValue(forKey: number) != nil else { return nil }
            return pid
        }
        // Not started yet: nothing runs to end.
        guard let pid else { return end(number) }
        // Its reaper fails the pushes left in its hands.
        kill(pid, SIGKILL)
    }

    func stop() {
        running.withLock { running in
            defer { running = nil }
            return running?.channel
        }?.close()
        kernel.sync {}
        spawner.stop()
    }

    // MARK: The process

    /// Reads `channel` at once and starts the process on the kernel queue with `extensionEnd`
    /// of the socket as its standard input.
    private func start(_ channel: FrameChannel, extensionEnd: Int32) {
        channel.startReading(name: "extension-link") { [weak self] message in
            guard case .serviceExtension(let message) = message else { return }
            self?.receive(message, on: channel)
        } ended: { _ in }
        kernel.async { [self] in
            let spawned = spawner.spawn(executable, arguments: arguments, standardInput: extensionEnd) { [weak self] pid, end in
                self?.processEnded(pid, end, of: channel)
            }
            Glibc.close(extensionEnd)
            switch spawned {
            case .success(let pid):
                running.withLock { running in
                    if running?.channel === channel { running?.pid = pid }
                }
            case .failure(let error):
                fail(channel, "its process \(executable) could not start: \(error)")
            }
        }
    }

    private func receive(_ message: ServiceExtensionMessage, on channel: FrameChannel) {
        switch message {
        case .delivered(let number, let content):
            if let push = push(number, of: channel) { hand(push) { $0.delivered(content) } }
        case .expiryReturned(let number):
            if let push = push(number, of: channel), let returned = push.returned { hand(push) { _ in returned() } }
        case .receive, .expire:
            break
        }
    }

    /// Push `number` of the process on `channel`, while that process is the running one.
    private func push(_ number: Int, of channel: FrameChannel) -> Push? {
        running.withLock { $0?.channel === channel ? $0?.pushes[number] : nil }
    }

    /// The process on `channel` ended: after its last push that is its normal end; while it
    /// holds pushes, each fails.
    private func processEnded(_ pid: Int32, _ end: SpawningThread.ProcessEnd, of channel: FrameChannel) {
        fail(channel, "its process \(pid) ended with \(end)")
    }

    /// Fails every push of the process on `channel`, if it is still the running one, with `why`.
    private func fail(_ channel: FrameChannel, _ why: String) {
        let pushes = running.withLock { running -> [Push] in
            guard running?.channel === channel, let pushes = running?.pushes.values else { return [] }
            running = nil
            return Array(pushes)
        }
        channel.close()
        for push in pushes { hand(push) { $0.failed(why) } }
    }

    /// Runs `answer` with `push` on the device's loop.
    private func hand(_ push: Push, _ answer: @escaping @Sendable (Push) -> Void) {
        _ = push.loop.schedule(after: .zero) { answer(push) }
    }
}
