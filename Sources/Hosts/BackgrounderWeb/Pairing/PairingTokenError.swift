/// Why the pairing token could not be read or made; the description is the one-line error.
public enum PairingTokenError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String)
    case cannotCreate(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "pairing token \(path): cannot read it: \(reason)"
        case .invalid(let path):
            "pairing token \(path) does not hold a token (64 hexadecimal digits); run `backgrounder pair --reset` to make a new one"
        case .cannotCreate(let path, let reason):
            "pairing token \(path): cannot write it: \(reason)"
        }
    }
}
