import NIOCore

/// Cuts a byte stream into lines ending in `\n` (a `\r` before it is dropped), and refuses a
/// line longer than ``maxLength`` bytes, so that a peer that never ends its line cannot grow
/// memory without bound.
struct LineSplitter {
    let maxLength: Int
    private var pending = ByteBuffer()

    init(maxLength: Int) {
        self.maxLength = maxLength
    }

    /// Appends `bytes` and returns the lines they complete.
    mutating func append(_ bytes: ByteBuffer) throws(LineTooLong) -> [String] {
        var bytes = bytes
        pending.writeBuffer(&bytes)
        var lines: [String] = []
        while let newline = pending.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            let length = newline - pending.readerIndex
            guard length <= maxLength else { throw LineTooLong(maxLength: maxLength) }
            var line = pending.readString(length: length) ?? ""
            pending.moveReaderIndex(forwardBy: 1)
            if line.hasSuffix("\r") { line.removeLast() }
            lines.append(line)
        }
        guard pending.readableBytes <= maxLength else { throw LineTooLong(maxLength: maxLength) }
        pending.discardReadBytes()
        return lines
    }
}
