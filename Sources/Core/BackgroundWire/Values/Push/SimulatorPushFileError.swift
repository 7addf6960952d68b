/// A push file that cannot be used, and why.
public struct SimulatorPushFileError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "push file \(path): \(reason)" }
}
