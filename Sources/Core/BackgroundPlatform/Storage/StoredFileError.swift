import BackgroundWire

/// A file the system keeps could not be read or saved; names the file and the reason.
public struct StoredFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What was wrong, in a few words.
    public let reason: String

    /// An error about the file at `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `PATH: REASON`.
    public var description: String { "\(path): \(reason)" }
}
