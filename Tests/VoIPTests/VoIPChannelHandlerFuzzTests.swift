import BackgroundRuntime
import NIOCore
import NIOEmbedded
import Synchronization
import Testing
@testable import VoIP
@testable import VoIPSystem

@Suite("The socket's line handler fed random bytes")
struct VoIPChannelHandlerFuzzTests {
    @Test(arguments: [11, 12, 13, 14])
    func randomBytesNeverCrashItAndEveryNewlineEndsOneLine(seed: UInt64) throws {
        let events = Mutex<[VoIPChannelHandler.Event]>([])
        let channel = EmbeddedChannel(handler: VoIPChannelHandler(lineLimit: 256) { event in
            events.withLock { $0.append(event) }
        })
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        var random = SeededRandom(seed: seed)
        var newlines = 0
        var total = 0
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0...2_048, using: &random)).map { _ in
                Int.random(in: 0..<16, using: &random) == 0 ? UInt8(ascii: "\n") : UInt8.random(in: 0...255, using: &random)
            }
            newlines += bytes.count { $0 == UInt8(ascii: "\n") }
            total += bytes.count
            try channel.writeInbound(channel.allocator.buffer(bytes: bytes))
        }
        _ = try channel.finish()
        let reads = events.withLock { events in
            events.compactMap { event -> ([FramedLine], Int)? in
                if case .read(let lines, let count) = event { (lines, count) } else { nil }
            }
        }
        #expect(reads.reduce(0) { $0 + $1.1 } == total)
        let lines = reads.flatMap(\.0)
        // One item per newline, plus the unterminated tail; an overlong line is reported once.
        #expect(lines.count <= newlines + 1)
        #expect(lines.count >= newlines - lines.count { $0 == .tooLong })
        #expect(events.withLock { $0.count { if case .inactive = $0 { true } else { false } } } == 1)
    }
}
