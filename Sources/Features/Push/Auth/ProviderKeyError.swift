/// Why `--push-key` cannot be used.
public enum ProviderKeyError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case notAP256Key

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .notAP256Key: "not a PEM P-256 key (an APNs .p8 auth key, or its public key)"
        }
    }
}
