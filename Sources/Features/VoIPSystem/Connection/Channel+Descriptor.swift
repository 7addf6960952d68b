import BackgroundSystem
import BackgroundWire
import Foundation
import NIOCore
import VoIPWire

extension Channel {
    /// A new descriptor (close-on-exec) of the channel's connected socket, for handing it to
    /// the app's own process; nil when none of this process's descriptors has the channel's two
    /// addresses. SwiftNIO gives no channel's descriptor, so it is found as `ss` finds a
    /// socket's owner: among this process's descriptors, by its local and its peer's address.
    func duplicateDescriptor() -> Int32? {
        guard let local = localAddress, let remote = remoteAddress,
            let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
        else { return nil }
        for name in names {
            guard let candidate = Int32(name), Self.address(of: candidate, getsockname) == local,
                Self.address(of: candidate, getpeername) == remote
            else { continue }
            let copy = fcntl(candidate, F_DUPFD_CLOEXEC, 0)
            return copy >= 0 ? copy : nil
        }
        return nil
    }

    /// The address `read` (`getsockname` or `getpeername`) gives for `descriptor`; nil for no
    /// IP socket.
    private static func address(
        of descriptor: Int32, _ read: (Int32, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32
    ) -> SocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { read(descriptor, $0, &length) }
        }
        guard status == 0 else { return nil }
        return withUnsafeBytes(of: storage) { bytes -> SocketAddress? in
            switch Int32(storage.ss_family) {
            case AF_INET: SocketAddress(bytes.load(as: sockaddr_in.self))
            case AF_INET6: SocketAddress(bytes.load(as: sockaddr_in6.self))
            default: nil
            }
        }
    }
}
