import Foundation

/// The server side of the benchmark, like `nc -l`: a plain blocking socket that sends `ping`
/// and reads until `pong`. The same minimal driver faces the app and the reference, so the
/// difference between their round trips is theirs alone, not the driver's.
final class PingDriver: Sendable {
    let port: Int
    private let listener: Int32
    private let connection = BlockingLine()

    init() {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        precondition(bound && listen(listener, 1) == 0, "the driver cannot listen on loopback")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits for the client to connect.
    func waitForClient() {
        let descriptor = accept(listener, nil, nil)
        precondition(descriptor >= 0, "accept failed")
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        connection.attach(descriptor)
    }

    /// Waits for the client's own first `ping` (the VoIP screen pings once it is connected).
    func waitForPing() {
        precondition(connection.readLine() == "ping", "the client's first line is not ping")
    }

    /// One round trip: `ping` out, `pong` back.
    func roundTrip() {
        connection.write("ping\n")
        precondition(connection.readLine() == "pong", "the answer to ping is not pong")
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
