import BackgroundWire

/// What a ``LineFramer`` makes of the bytes up to a newline.
public enum FramedLine: Sendable, Equatable {
    /// A line of UTF-8 text, without its `\n` or `\r\n`.
    case line(String)
    /// A line that is not valid UTF-8; its bytes were dropped.
    case invalidUTF8(byteCount: Int)
    /// A line that grew past the framer's limit; it is dropped up to its newline.
    case tooLong
}
