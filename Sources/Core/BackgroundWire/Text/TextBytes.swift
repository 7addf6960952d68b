/// Text built as its UTF-8 bytes in one growing buffer, made a `String` once at the end: for the
/// lines written for every event (a fix's description, a console line's stamp), where a `String`
/// grown part by part, and a `String` made of each number, cost more than the rest of the work.
///
/// The buffer is its own memory, not an array: an append is a bounds check and a copy, without
/// an array's uniqueness check and generic copy for each piece of a line. So it cannot be
/// copied, only passed `inout`, and it frees the buffer when it ends. Its appends are
/// `@inlinable`: the modules that format lines inline them instead of calling into this one for
/// every piece.
package struct TextBytes: ~Copyable {
    /// The buffer; the first ``count`` bytes are the text so far.
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var count = 0

    /// Empty text with room for `capacity` bytes.
    @inlinable
    package init(capacity: Int) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// Whether no byte has been appended.
    @inlinable
    package var isEmpty: Bool { count == 0 }

    /// Makes room for `extra` more bytes, doubling the buffer when it is full.
    @inlinable
    mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        grow(toHold: extra)
    }

    /// Moves the text to a buffer twice as large, or large enough for `extra` more bytes.
    @usableFromInline
    mutating func grow(toHold extra: Int) {
        let grown = max(capacity * 2, count + extra)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        bigger.moveInitialize(from: start, count: count)
        start.deallocate()
        start = bigger
        capacity = grown
    }

    /// Appends `text`'s UTF-8, copied in one piece.
    @inlinable
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// Appends one ASCII character.
    @inlinable
    package mutating func append(ascii character: Unicode.Scalar) {
        reserve(1)
        start[count] = UInt8(ascii: character)
        count += 1
    }

    /// Appends bytes that are UTF-8.
    @inlinable
    package mutating func append(utf8 raw: UnsafeRawBufferPointer) {
        guard let source = raw.baseAddress, !raw.isEmpty else { return }
        reserve(raw.count)
        UnsafeMutableRawPointer(start + count).copyMemory(from: source, byteCount: raw.count)
        count += raw.count
    }

    /// Appends `number` in decimal, with zeros before it up to `width` digits. The digits are
    /// written from the lowest up into a buffer on the stack, by divisions by the constant 10,
    /// which the compiler makes multiplications, and appended in one copy.
    @inlinable
    package mutating func append(_ number: UInt64, width: Int = 1) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = number
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            let zeros = max(0, width - (digits.count - first))
            reserve(zeros)
            (start + count).initialize(repeating: UInt8(ascii: "0"), count: zeros)
            count += zeros
            append(utf8: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: digits[first...])))
        }
    }

    /// Appends `number` in decimal, a `-` before it when negative, with zeros up to `width` digits.
    @inlinable
    package mutating func append(_ number: Int, width: Int = 1) {
        if number < 0 { append(ascii: "-") }
        append(UInt64(number.magnitude), width: width)
    }

    /// Calls `body` with the text's UTF-8 bytes.
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The text.
    package var string: String {
        String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }
}
