import BackgroundWire
import Foundation

/// Cuts a byte stream into newline-delimited UTF-8 lines, whatever the reads look like.
///
/// Several lines in one read, a line split across reads (down to one byte a read), `\n` or
/// `\r\n` endings: each complete line comes out once, in order. A line that grows past
/// ``limit`` bytes is reported once, as soon as it does, and its bytes are dropped up to the
/// next newline, so the framer never holds more than `limit + 1` bytes (the one for a `\r`).
/// Bytes that are not valid UTF-8 are reported, never decoded into replacement characters.
///
/// It is the one framer of every line protocol here: the VoIP socket and its peer, gpsd's JSON
/// and the remote console. Each decides what a bad line means to it (the VoIP socket reports it
/// and goes on; gpsd's client and the remote console hang up on a line that is too long). The
/// 2013 tutorial did a single 1024-byte read and took it for one command; this is what it
/// should have done.
public struct LineFramer: Sendable {
    /// The longest line accepted, in bytes, without its ending.
    public let limit: Int
    private var partial: [UInt8] = []
    private var isDiscarding = false

    /// - Parameter limit: the longest line accepted, in bytes (64 KiB by default).
    public init(limit: Int = 65_536) {
        precondition(limit > 0, "a line limit must be positive")
        self.limit = limit
    }

    /// The bytes held of a line not yet complete; never more than `limit + 1`.
    public var bufferedByteCount: Int { partial.count }

    /// Takes the next bytes of the stream; returns the lines they complete, in order.
    public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [FramedLine] {
        bytes.withContiguousStorageIfAvailable { append(contiguous: $0) }
            ?? Array(bytes).withUnsafeBufferPointer { append(contiguous: $0) }
    }

    /// ``append(_:)`` of bytes in one piece of memory. A line that lies whole in them is framed
    /// where it lies; only the start of a line that another read completes is copied.
    private mutating func append(contiguous bytes: UnsafeBufferPointer<UInt8>) -> [FramedLine] {
        var lines: [FramedLine] = []
        var start = 0
        while start < bytes.count, let found = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start) {
            let newline = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let part = UnsafeBufferPointer(rebasing: bytes[start..<newline])
            if isDiscarding {
                isDiscarding = false
            } else if partial.isEmpty {
                lines.append(frame(part))
            } else {
                take(part, into: &lines)
                if isDiscarding { isDiscarding = false } else { lines.append(partial.withUnsafeBufferPointer(frame)) }
            }
            partial.removeAll(keepingCapacity: partial.count <= 4096)
            start = newline + 1
        }
        take(UnsafeBufferPointer(rebasing: bytes[start...]), into: &lines)
        return lines
    }

    /// The end of the stream: the last line if it had no newline, else nil.
    public mutating func finish() -> FramedLine? {
        defer {
            partial.removeAll()
            isDiscarding = false
        }
        guard !isDiscarding, !partial.isEmpty else { return nil }
        return partial.withUnsafeBufferPointer(frame)
    }

    /// Adds bytes of the current line, or drops them once the line is too long.
    private mutating func take<Part: Collection<UInt8>>(_ part: Part, into lines: inout [FramedLine]) {
        guard !isDiscarding, !part.isEmpty else { return }
        if partial.count + part.count > limit + 1 {
            isDiscarding = true
            partial.removeAll()
            lines.append(.tooLong)
        } else {
            partial.append(contentsOf: part)
        }
    }

    private func frame(_ bytes: UnsafeBufferPointer<UInt8>) -> FramedLine {
        let content = bytes.last == UInt8(ascii: "\r") ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes
        guard content.count <= limit else { return .tooLong }
        guard let text = String(validating: content, as: UTF8.self) else { return .invalidUTF8(byteCount: content.count) }
        return .line(text)
    }
}
