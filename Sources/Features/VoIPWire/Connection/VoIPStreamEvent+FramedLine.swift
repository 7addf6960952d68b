import BackgroundPlatform
import BackgroundWire

extension VoIPStreamEvent {
    /// The event of a line the socket's ``LineFramer`` (of `lineLimit`) made, whichever side reads it.
    package init(_ line: FramedLine, lineLimit: Int) {
        switch line {
        case .line(let text): self = .received(text)
        case .invalidUTF8(let count): self = .failed(.invalidUTF8(byteCount: count))
        case .tooLong: self = .failed(.lineTooLong(limit: lineLimit))
        }
    }
}
