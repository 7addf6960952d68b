import Foundation

/// The reference peer: a thread with a blocking socket that answers each `ping` with `pong`.
enum PongResponder {
    static func start(port: Int) {
        let thread = Thread {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            precondition(connected, "connect failed")
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            let pong = Array("pong\n".utf8)
            while true {
                let count = recv(descriptor, &chunk, chunk.count, 0)
                if count <= 0 { return }
                pending += chunk[..<count]
                while let newline = pending.firstIndex(of: 0x0A) {
                    if Array(pending[..<newline]) == Array("ping".utf8) { _ = send(descriptor, pong, pong.count, 0) }
                    pending.removeSubrange(...newline)
                }
            }
        }
        thread.start()
    }
}
