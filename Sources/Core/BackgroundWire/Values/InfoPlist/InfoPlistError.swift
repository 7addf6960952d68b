import Foundation

/// Why an Info.plist could not be used; each case names the file and, where there is one, the key.
public enum InfoPlistError: Error, Equatable, CustomStringConvertible {
    /// No file there, a directory, or a file that cannot be read; the reason says which.
    case unreadable(file: String, reason: String)
    case malformed(file: String, reason: String)
    case wrongType(file: String, key: String, expected: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): \(reason)"
        case .malformed(let file, let reason):
            "\(file): not an Info.plist: \(reason)"
        case .wrongType(let file, let key, let expected):
            "\(file): key \(key) must be \(expected)"
        }
    }
}
