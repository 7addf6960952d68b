import BackgroundWire

/// Why a file of the app's Documents directory could not be read or written
/// (``Application/contents(ofFile:)``, ``Application/write(_:toFile:protection:)``); its
/// description names the file and says what to do.
public enum ProtectedFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's class keeps it unreadable while protected data is unavailable: on iOS,
    /// `NSCocoaErrorDomain` 257 (`NSFileReadNoPermissionError`) over POSIX `EPERM`.
    case readNoPermission(file: String, protection: FileProtection)
    /// A file of this class cannot be created while protected data is unavailable: on iOS,
    /// `NSCocoaErrorDomain` 513 (`NSFileWriteNoPermissionError`) over POSIX `EPERM`.
    case writeNoPermission(file: String, protection: FileProtection)
    /// The class came with a later iOS than the profile's.
    case unavailableProtection(FileProtection, profile: String)
    /// The name is not a plain file name: empty, with a `/` or a NUL, longer than 255 bytes, or
    /// starting with a dot (the names of the directory's own bookkeeping).
    case invalidName(String)
    /// No file of that name.
    case noSuchFile(String)
    /// The device keeps nothing on disk (no data directory).
    case noDataDirectory
    /// The file system refused: the path, and its reason.
    case failed(path: String, reason: String)

    public var description: String {
        switch self {
        case .readNoPermission(let file, let protection):
            "\(file) (\(protection.rawValue)) cannot be read \(Self.whenUnavailable(protection)): "
                + "on iOS, NSCocoaErrorDomain Code=257 with POSIX EPERM “Operation not permitted”"
        case .writeNoPermission(let file, let protection):
            "\(file) (\(protection.rawValue)) cannot be written \(Self.whenUnavailable(protection)): "
                + "on iOS, NSCocoaErrorDomain Code=513 with POSIX EPERM “Operation not permitted”"
        case .unavailableProtection(let protection, let profile):
            "\(protection.rawValue) came with iOS 5; this is \(profile)"
        case .invalidName(let name):
            "\"\(name)\" is not a file name of the app's Documents directory (no /, no NUL, at most 255 bytes, not starting with a dot)"
        case .noSuchFile(let name):
            "no file \(name) in the app's Documents directory"
        case .noDataDirectory:
            "the device keeps nothing on disk: it has no data directory"
        case .failed(let path, let reason):
            "\(path): \(reason)"
        }
    }

    /// When a file of class `protection` is refused: a completeUntilFirstUserAuthentication
    /// one only before the first unlock.
    private static func whenUnavailable(_ protection: FileProtection) -> String {
        protection == .completeUntilFirstUserAuthentication
            ? "before the device's first unlock since it booted"
            : "while protected data is unavailable (the device is locked)"
    }
}
