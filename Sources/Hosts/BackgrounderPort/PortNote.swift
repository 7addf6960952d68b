/// Something `port` found that Swift on Linux cannot build and left as it is, because no small
/// rewrite keeps its meaning: printed as `FILE:LINE: left as is: WHY`.
public struct PortNote: Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let message: String

    public var description: String { "\(file):\(line): left as is: \(message)" }
}
