import BackgroundApp
import BackgroundPlatform
import BackgroundWire
import Foundation
import Synchronization
import VoIPWire

/// The app's own end of its VoIP connection when the app runs in its own process: the
/// socket's descriptor, which the ``VoIPService`` handed over once connected
/// (``VoIPServiceEvent/socket(session:endpoint:lineLimit:)``), read and written here, in the
/// app's process, as an iOS app's stream pair reads and writes its socket — the system never
/// sees its bytes.
///
/// It reads on the app's main executor, whatever is there without waiting: when a thread of
/// its own finds the socket readable while the app runs (it is frozen with the process while
/// the app is suspended), and when the system woke the suspended app for the socket
/// (``VoIPServiceEvent/readable(session:)``), so that a ping is answered before the app is
/// suspended again.
@AppMain
final class AppOwnedSocket {
    let session: Int
    private let descriptor: Int32
    private let endpoint: VoIPEndpoint
    private var framer: LineFramer
    /// Where the lines and bytes read and written are counted for the system's `status`, if
    /// anywhere (``SocketTraffic``).
    private let traffic: SharedCounters?
    private let handle: @AppMain (VoIPStreamEvent) -> Void
    private let ended: @AppMain (VoIPError?) -> Void
    private let faulted: @AppMain (_ count: Int, _ last: VoIPError) -> Void
    /// Closed by the app, or ended: the watching thread's next read closes the descriptor, and
    /// the thread ends (only it closes the descriptor, so it never waits on a closed one).
    private var isClosed = false
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// Whether the watching thread goes on; the thread reads it after each read it asked for.
    private nonisolated let isWatching = Mutex(true)

    /// Takes `descriptor`, a connected TCP socket, and starts watching it.
    ///
    /// - Parameters:
    ///   - traffic: the counters the system reads the socket's traffic from (``SocketTraffic``).
    ///   - handle: each event the socket's reads make, on the app's main executor.
    ///   - ended: called once when the connection ends as read (the peer's end, or an error).
    ///   - faulted: called after a read that found faults in the stream (a line too long,
    ///     invalid UTF-8): how many, and the last.
    init(
        descriptor: Int32, session: Int, endpoint: VoIPEndpoint, lineLimit: Int, traffic: SharedCounters?,
        handle: @escaping @AppMain (VoIPStreamEvent) -> Void, ended: @escaping @AppMain (VoIPError?) -> Void,
        faulted: @escaping @AppMain (_ count: Int, _ last: VoIPError) -> Void
    ) {
        self.descriptor = descriptor
        self.session = session
        self.endpoint = endpoint
        framer = LineFramer(limit: lineLimit)
        self.traffic = traffic
        self.handle = handle
        self.ended = ended
        self.faulted = faulted
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        startWatching()
    }

    /// Reads what the socket has now, without waiting, and hands its events on; at the peer's
    /// end or an error, the connection ends.
    func readAvailable() {
        guard !isClosed else { return }
        var events: [VoIPStreamEvent] = []
        var end: VoIPError?? = nil
        var bytesRead = 0
        var readPeersEnd = false
        reading: while true {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if got > 0 {
                bytesRead += got
                traffic?.add(got, to: SocketTraffic.bytesReceivedCounter)
                events += framer.append(buffer[..<got]).map { VoIPStreamEvent($0, lineLimit: framer.limit) }
            } else if got == 0 {
                if let last = framer.finish() { events.append(VoIPStreamEvent(last, lineLimit: framer.limit)) }
                events.append(.closed)
                end = .some(nil)
                readPeersEnd = true
                break reading
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                break reading
            } else {
                let error = VoIPError.connectionLost(endpoint, reason: String(cString: strerror(errno)))
                events.append(.failed(error))
                end = .some(error)
                break reading
            }
        }
        if end != nil { isClosed = true }
        let faults = events.compactMap { event -> VoIPError? in
            guard case .failed(let error) = event, error != end else { return nil }
            return error
        }
        let received = events.count { if case .received = $0 { true } else { false } }
        if received > 0 { traffic?.add(received, to: SocketTraffic.linesReceivedCounter) }
        for event in events { handle(event) }
        if let last = faults.last { faulted(faults.count, last) }
        if let end { ended(end) }
        // Handled: the bytes read, and the peer's end, which the kernel counts as one.
        let handled = bytesRead + (readPeersEnd ? 1 : 0)
        if handled > 0 { traffic?.add(handled, to: SocketTraffic.receivedHandledCounter) }
    }

    /// Writes `line` and a newline, waiting for room in the socket's buffer if it must; a
    /// connection that has failed drops it (its reader reports the failure).
    func send(_ line: String) {
        guard !isClosed else { return }
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count >= 0 {
                sent += count
                traffic?.add(count, to: SocketTraffic.bytesSentCounter)
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                var writable = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&writable, 1, -1)
            } else if errno != EINTR {
                return
            }
        }
        traffic?.add(1, to: SocketTraffic.linesSentCounter)
    }

    /// Closes the app's end: the connection closes once the system's watch on it has closed
    /// too (the app's disconnect ends the session there).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        // Wakes the watching thread, whose read then closes the descriptor.
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Reads for the watching thread, which goes on while the socket is open; else closes
    /// the descriptor.
    private func readForWatch() {
        readAvailable()
        guard isClosed else { return }
        Glibc.close(descriptor)
        isWatching.withLock { $0 = false }
    }

    /// A thread that waits for the socket to be readable, then has the app's main executor read
    /// it, and waits for that read before it watches again; it ends once the socket is closed.
    private func startWatching() {
        let descriptor = descriptor
        Thread { [weak self] in
            ThreadName.set("voip-socket")
            var readable = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while self?.isWatching.withLock({ $0 }) ?? false {
                guard poll(&readable, 1, -1) >= 0 || errno == EINTR else { return }
                let read = DispatchSemaphore(value: 0)
                Task { @AppMain [weak self] in
                    self?.readForWatch()
                    read.signal()
                }
                read.wait()
            }
        }.start()
    }
}
