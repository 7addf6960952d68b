import Foundation

/// The physical limit of a call between two processes: one byte each way over a socketpair,
/// read and written with blocking calls by this process and a child of it.
enum SocketPairPingPong {
    /// Times `count` round trips, after as many untimed ones, against a child that echoes.
    static func measure(count: Int) -> RoundTrips {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { fatalError("socketpair: \(errno)") }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        // Foundation's Process closes descriptors above 2 in the child: the echo end is its
        // standard input.
        child.standardInput = FileHandle(fileDescriptor: pair[1], closeOnDealloc: false)
        child.arguments = ["echo", "0"]
        do { try child.run() } catch { fatalError("cannot start the echo child: \(error)") }
        close(pair[1])
        let descriptor = pair[0]
        var byte: UInt8 = 1
        func roundTrip() {
            guard write(descriptor, &byte, 1) == 1, read(descriptor, &byte, 1) == 1 else { fatalError("the echo child is gone") }
        }
        for _ in 0..<count { roundTrip() }
        var times = [Int64](repeating: 0, count: count)
        for index in 0..<count {
            let start = ContinuousClock.now
            roundTrip()
            times[index] = (ContinuousClock.now - start).nanoseconds
        }
        close(descriptor)
        child.waitUntilExit()
        return RoundTrips(nanoseconds: times)
    }

    /// The child's side: answers each byte on `descriptor` until it closes.
    static func echo(descriptor: Int32) {
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1 {
            guard write(descriptor, &byte, 1) == 1 else { return }
        }
    }
}
