import Foundation

/// A raw TCP socket on 127.0.0.1, for tests that need what a peer library will not do: a port
/// nothing listens on, or a listener whose accept queue is full.
public struct LoopbackSocket {
    public let descriptor: Int32

    public init(nonBlocking: Bool = false) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0), 0)
        precondition(descriptor >= 0, "socket() failed")
    }

    /// Binds to a port the kernel picks on 127.0.0.1; returns it.
    public func bindToAnyPort() -> Int {
        var address = Self.address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        precondition(bound, "bind() failed")
        return Int(UInt16(bigEndian: address.sin_port))
    }

    public func listen(backlog: Int32) {
        precondition(Foundation.listen(descriptor, backlog) == 0, "listen() failed")
    }

    /// Connects to 127.0.0.1:`port`; a non-blocking socket returns at once, connected or not.
    @discardableResult
    public func connect(to port: Int) -> Bool {
        var address = Self.address(port: port)
        return withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    public func close() {
        _ = Foundation.close(descriptor)
    }

    private static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
