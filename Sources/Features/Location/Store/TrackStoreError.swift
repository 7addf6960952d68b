import LocationWire

/// Why the track store could not be used; each case names the file.
public enum TrackStoreError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    /// The file is not a SQLite database, or a damaged one.
    case damaged(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case cannotRead(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open the track store \(path): \(reason)"
        case .damaged(let path, let reason): "the track store \(path) is damaged: \(reason)"
        case .cannotWrite(let path, let reason): "cannot write to \(path): \(reason)"
        case .cannotRead(let path, let reason): "cannot read the track store \(path): \(reason)"
        }
    }
}
