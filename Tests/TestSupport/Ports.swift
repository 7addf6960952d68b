import Foundation

/// A TCP port on 127.0.0.1 that nothing listens on now (the kernel's pick, released again).
public func freePort() -> Int {
    let socket = LoopbackSocket()
    defer { socket.close() }
    return socket.bindToAnyPort()
}

/// A TCP port on 127.0.0.1 that refuses connections for as long as the returned socket stays
/// open: bound but never listened on, so a connection to it is refused, and no other test of a
/// parallel run can take the port meanwhile (as it can a ``freePort()``, released at once).
/// Close the socket when the test ends.
public func refusingPort() -> (port: Int, socket: LoopbackSocket) {
    let socket = LoopbackSocket()
    return (socket.bindToAnyPort(), socket)
}

/// Whether something listens on TCP `port`, read from /proc/net/tcp and tcp6 without
/// connecting (a probe connection would use up `nc -l`'s one connection).
public func isListening(port: Int) -> Bool {
    let hexPort = String(format: ":%04X", port)
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        // The whole table: `String(contentsOfFile:)` stops after the first read, a page of a
        // /proc file at most, and with the whole suite's sockets the table is longer.
        guard let file = FileHandle(forReadingAtPath: table), let data = try? file.readToEnd() else { continue }
        try? file.close()
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            if fields.count > 3, fields[1].hasSuffix(hexPort), fields[3] == "0A" { return true }
        }
    }
    return false
}
