import Foundation

/// A TCP port on 127.0.0.1 that nothing listens on now (the kernel's pick, released again).
public func freePort() -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    precondition(descriptor >= 0, "socket() failed")
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
            bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
        }
    }
    precondition(bound, "bind() failed")
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something listens on TCP `port`, read from /proc/net/tcp and tcp6 without
/// connecting (a probe connection would use up `nc -l`'s one connection).
public func isListening(port: Int) -> Bool {
    let hexPort = String(format: ":%04X", port)
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            if fields.count > 3, fields[1].hasSuffix(hexPort), fields[3] == "0A" { return true }
        }
    }
    return false
}
