import Foundation

/// A port of 127.0.0.1 looked at before a server listens on it.
///
/// Hummingbird binds inside a ServiceLifecycle `ServiceGroup`, and when that bind fails the group
/// cancels its merged streams at once. Under load that cancellation can deadlock inside
/// swift-async-algorithms 1.1.4 (`MergeStorage.next` holds its lock while the task's status lock
/// is taken by the cancellation, which waits for it): one run in a few hundred, the process of a
/// server whose port was taken never ended. A port already taken is refused here instead, before
/// any group starts.
public enum LoopbackPort {
    /// A taken port's error as SwiftNIO describes a failed bind, errno last, so that whatever
    /// reads NIO's errors reads this one too.
    public static let takenDescription = "bind: \(String(cString: strerror(EADDRINUSE))) (errno: \(EADDRINUSE))"

    /// Whether another socket listens on (or holds) 127.0.0.1:`port` now: a socket bound there
    /// as a server binds (`SO_REUSEADDR`, as SwiftNIO sets) fails with `EADDRINUSE`. Port 0
    /// (any free port) is never taken.
    public static func isTaken(_ port: Int) -> Bool {
        guard port != 0 else { return false }
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return bound != 0 && errno == EADDRINUSE
    }
}
