/// The pending task requests could not be read or saved; names the file and the reason.
public struct TaskRequestStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "\(path): \(reason)" }
}
