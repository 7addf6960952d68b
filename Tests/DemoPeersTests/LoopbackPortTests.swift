import BackgroundRuntime
import Foundation
import Testing

/// A port of 127.0.0.1 that something listens on is taken; once it closes, it is free again.
@Suite("Ports looked at before a server listens")
struct LoopbackPortTests {
    @Test func aPortWithAListenerIsTakenAndFreeOnceItCloses() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        try #require(listening)
        let port = Int(UInt16(bigEndian: address.sin_port))
        #expect(LoopbackPort.isTaken(port))
        close(listener)
        #expect(!LoopbackPort.isTaken(port))
        #expect(!LoopbackPort.isTaken(0))
    }
}
