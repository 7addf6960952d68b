import BackgroundWire

/// A lock the app holds on one of its files, as the kernel lists it in `/proc/locks`.
public struct FileLock: Sendable, Hashable, CustomStringConvertible {
    /// How the lock was taken.
    public enum Kind: String, Sendable, Hashable {
        /// `fcntl(F_SETLK)`, as SQLite takes its locks.
        case posix
        /// `flock(2)`.
        case flock
        /// An open file description lock, `fcntl(F_OFD_SETLK)`.
        case openFileDescription = "ofd"
    }

    /// The locked file.
    public let path: String
    public let kind: Kind
    /// Whether it is an exclusive (write) lock rather than a shared (read) one.
    public let isExclusive: Bool

    public init(path: String, kind: Kind, isExclusive: Bool) {
        self.path = path
        self.kind = kind
        self.isExclusive = isExclusive
    }

    public var description: String {
        "\(path) (\(kind.rawValue), \(isExclusive ? "write" : "read"))"
    }
}
