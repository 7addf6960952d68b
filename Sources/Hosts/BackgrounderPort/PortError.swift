/// Why `port` could not port a directory or one of its files. Nothing is written when any file
/// has a problem.
public enum PortError: Error, Equatable, CustomStringConvertible {
    /// The directory given does not exist.
    case noSuchDirectory(String)
    /// The path given is a file, not a directory.
    case notADirectory(String)
    /// A file could not be read, or is not UTF-8 text.
    case unreadable(file: String, reason: String)
    /// A file does not parse as Swift: the parser's diagnostics, as `FILE:LINE:COLUMN: error: …`.
    case unparsable(file: String, diagnostics: [String])
    /// A file that needs changes has no write permission.
    case readOnly(file: String)
    /// A file's new text could not be written in its place.
    case unwritable(file: String, reason: String)

    public var description: String {
        switch self {
        case .noSuchDirectory(let path): "\(path): no such directory"
        case .notADirectory(let path): "\(path) is not a directory: give the directory that holds the app's Swift files"
        case .unreadable(let file, let reason): "\(file): cannot be read: \(reason)"
        case .unparsable(let file, let diagnostics):
            "\(file) does not parse as Swift, so port leaves it as it is:\n" + diagnostics.joined(separator: "\n")
        case .readOnly(let file): "\(file) needs changes but is read-only: make it writable (chmod u+w) and run port again"
        case .unwritable(let file, let reason): "\(file): its new text could not be written: \(reason)"
        }
    }
}
