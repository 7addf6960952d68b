import BackgroundPlatform
import Foundation
import Synchronization
import Testing

@Suite("A descriptor written from many threads: whole writes, in order, done when write returns")
struct DescriptorWriterTests {
    /// A pipe; the test reads what the writer wrote to it.
    private final class Pipe: Sendable {
        let reading: Int32
        let writing: Int32

        init() {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            (reading, writing) = (ends[0], ends[1])
        }

        deinit {
            close(reading)
            close(writing)
        }

        /// The bytes written and not yet read.
        var buffered: Int {
            var count: Int32 = 0
            _ = ioctl(reading, UInt(FIONREAD), &count)
            return Int(count)
        }

        /// Reads what is there, up to `limit` bytes, waiting for the first.
        func read(upTo limit: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: limit)
            let count = bytes.withUnsafeMutableBytes { Foundation.read(reading, $0.baseAddress, limit) }
            return Array(bytes.prefix(max(count, 0)))
        }
    }

    private static func write(_ text: String, with writer: DescriptorWriter) {
        var text = text
        text.withUTF8 { writer.write(UnsafeRawBufferPointer($0)) }
    }

    @Test func linesFromManyThreadsArriveWholeAndEachThreadsInOrder() {
        let pipe = Pipe()
        let writer = DescriptorWriter(descriptor: pipe.writing)
        let threads = 8, linesEach = 400
        let total = threads * linesEach * "thread 0 line 000\n".utf8.count
        let done = DispatchGroup()
        for thread in 0..<threads {
            DispatchQueue.global().async(group: done) {
                for line in 0..<linesEach {
                    Self.write("thread \(thread) line \(String(1000 + line).dropFirst())\n", with: writer)
                }
            }
        }
        var received: [UInt8] = []
        while received.count < total {
            let bytes = pipe.read(upTo: 65_536)
            guard !bytes.isEmpty else { break }
            received += bytes
        }
        done.wait()
        let lines = String(decoding: received, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == threads * linesEach)
        for thread in 0..<threads {
            let own = lines.filter { $0.hasPrefix("thread \(thread) line ") }.map { Int($0.suffix(3)) }
            #expect(own == Array(0..<linesEach).map(Optional.some))
        }
    }

    @Test(.timeLimit(.minutes(1))) func aWriteThatWaitsForAnotherThreadsTurnIsWrittenWhenItReturns() {
        let pipe = Pipe()
        let writer = DescriptorWriter(descriptor: pipe.writing)
        // More than the pipe holds: the first writer keeps its turn until the test reads.
        let first = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { first.withUnsafeBytes { writer.write($0) } }
        while pipe.buffered == 0 {
            usleep(1000)
        }
        // The test's reads and the second writer's count of what went both happen under `read`.
        let read = Mutex(0)
        let writtenWhenReturned = Mutex<Int?>(nil)
        DispatchQueue.global().async(group: done) {
            Self.write("b\n", with: writer)
            writtenWhenReturned.withLock { $0 = read.withLock { $0 + pipe.buffered } }
        }
        var tail: [UInt8] = []
        while read.withLock({ $0 }) < first.count + 2 {
            read.withLock { count in
                let bytes = pipe.read(upTo: 4096)
                count += bytes.count
                tail = Array((tail + bytes).suffix(2))
            }
        }
        done.wait()
        #expect(writtenWhenReturned.withLock { $0 } == first.count + 2)
        #expect(tail == Array("b\n".utf8))
    }
}
