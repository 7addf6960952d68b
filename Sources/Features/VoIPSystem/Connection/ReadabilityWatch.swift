import BackgroundSystem
import BackgroundPlatform
import BackgroundWire
import CProcessControl
import Dispatch
import Foundation
import Synchronization
import VoIPWire

/// The system's watch on a VoIP socket that the app's own process owns: a descriptor of the
/// socket of the system's own, on a dispatch read source (epoll, in the system's process). It
/// is armed while the app is suspended and disarms itself at the first readability — data, or
/// the peer's end — so that the system wakes the app for its socket and never reads what is
/// the app's. (iOS wakes a VoIP app when its socket has data and the app reads it: Technical
/// Q&A QA1938 and the App Programming Guide's "Implementing a VoIP App"; that the system
/// watches a duplicate descriptor is Backgrounder's model of it.)
///
/// Arming, disarming, cancelling and the source's event run on one queue of the watch's own,
/// so that the source's suspensions and resumptions stay balanced.
final class ReadabilityWatch: Sendable {
    private let queue = DispatchQueue(label: "voip.readability")
    private let descriptor: Int32
    /// Touched on `queue` only (Dispatch's sources are not `Sendable`).
    nonisolated(unsafe) private let source: any DispatchSourceRead
    /// Whether the source runs (is resumed), and whether it is cancelled; changed on `queue` only.
    private let phase = Mutex<(isArmed: Bool, isCancelled: Bool)>((false, false))

    /// The counters where the app's process counts the socket's traffic, if it has them.
    private let counters: SharedCounters?
    /// False once the app's process said it has no counters of its own to count in.
    private let appCounts = Atomic<Bool>(true)

    /// Called once, on cancelling, with the socket's last ``traffic``.
    private let closed: @Sendable (SocketTraffic) -> Void

    /// Watches `descriptor`, which it owns and closes once cancelled; `readable` is called, on
    /// the watch's queue, each time the armed watch finds the socket readable, and `closed` once
    /// cancelled, with what the socket carried by then, as the app counted it in `counters`.
    init(
        descriptor: Int32, counters: SharedCounters?, readable: @escaping @Sendable () -> Void,
        closed: @escaping @Sendable (SocketTraffic) -> Void
    ) {
        self.descriptor = descriptor
        self.counters = counters
        self.closed = closed
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        self.source = source
        source.setEventHandler { [weak self] in self?.fired(readable) }
        source.setCancelHandler { _ = close(descriptor) }
    }

    /// One shot: the app reads now, and the next suspension arms the watch again.
    private func fired(_ readable: @Sendable () -> Void) {
        phase.withLock { $0.isArmed = false }
        source.suspend()
        readable()
    }

    /// Watches from now on, until the socket is readable or ``disarm()``.
    func arm() {
        queue.async { [self] in
            guard phase.withLock({ phase in
                defer { phase.isArmed = true }
                return !phase.isArmed && !phase.isCancelled
            }) else { return }
            source.resume()
        }
    }

    /// Stops watching: the app runs and reads its socket itself.
    func disarm() {
        queue.async { [self] in
            guard phase.withLock({ phase in
                defer { phase.isArmed = false }
                return phase.isArmed && !phase.isCancelled
            }) else { return }
            source.suspend()
        }
    }

    deinit {
        let (isArmed, isCancelled) = phase.withLock { $0 }
        if !isCancelled { source.cancel() }
        // Dispatch stops the process that releases a suspended source.
        if !isArmed { source.resume() }
    }

    /// How long the socket has received no data, as the kernel counts it (`TCP_INFO`'s
    /// `tcpi_last_data_recv`): the read-idle timeout's measure of a socket the system does not
    /// read. Nil once cancelled or when the kernel does not say.
    func silence() -> Duration? {
        queue.sync {
            guard !phase.withLock({ $0.isCancelled }) else { return nil }
            var info = tcp_info()
            var length = socklen_t(MemoryLayout<tcp_info>.size)
            guard getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else { return nil }
            return .milliseconds(info.tcpi_last_data_recv)
        }
    }

    /// What the socket has carried so far, as the app counted it.
    var traffic: SocketTraffic {
        SocketTraffic(counters: counters)
    }

    /// Whether the socket has received what the app's process has not read and handled yet:
    /// the kernel's count of the sequence numbers it received (`tcpi_bytes_received`: its data's
    /// bytes, and one for the peer's end) is above the app's count of those it handled
    /// (``SocketTraffic/receivedHandledCounter``). False without the app's counts, or once cancelled.
    func hasUnhandledData() -> Bool {
        guard let counters, appCounts.load(ordering: .acquiring) else { return false }
        return queue.sync {
            guard !phase.withLock({ $0.isCancelled }) else { return false }
            var received: UInt64 = 0
            guard backgrounder_tcp_bytes_received(descriptor, &received) == 0 else { return false }
            return Int(clamping: received) > counters[SocketTraffic.receivedHandledCounter]
        }
    }

    /// The app's process counts nothing in the shared counters: ``hasUnhandledData()`` is false
    /// from now on.
    func appCannotCount() {
        appCounts.store(false, ordering: .releasing)
    }

    /// Stops for good and closes the system's descriptor of the socket.
    func cancel() {
        queue.async { [self] in
            let wasArmed = phase.withLock { phase -> Bool? in
                guard !phase.isCancelled else { return nil }
                defer { phase = (isArmed: true, isCancelled: true) }
                return phase.isArmed
            }
            guard let wasArmed else { return }
            closed(traffic)
            source.cancel()
            // A suspended source runs its cancel handler only once resumed.
            if !wasArmed { source.resume() }
        }
    }
}
