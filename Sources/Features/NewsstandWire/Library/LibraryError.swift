import BackgroundWire

/// Why the library refused a change; the description is one clear sentence.
public enum LibraryError: Error, Equatable, Codable, CustomStringConvertible {
    /// An issue with this name is already in the library (names are unique).
    case duplicateName(String)
    /// The issue is not (or no longer) in the library.
    case noSuchIssue(String)
    /// The name cannot be a directory: it is empty, `.` or `..`, has a `/` or a NUL, or is too long.
    case invalidName(String, reason: String)
    /// The request's URL cannot be downloaded.
    case invalidRequest(String)
    /// The library's database cannot be written.
    case storage(String)

    public var description: String {
        switch self {
        case .duplicateName(let name): "the library already has an issue named \"\(name)\"; issue names are unique"
        case .noSuchIssue(let name): "the library has no issue named \"\(name)\""
        case .invalidName(let name, let reason): "\"\(name)\" cannot name an issue: \(reason)"
        case .invalidRequest(let reason): reason
        case .storage(let reason): "the Newsstand library cannot be saved: \(reason)"
        }
    }
}
