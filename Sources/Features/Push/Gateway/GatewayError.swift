/// Why the push gateway cannot start.
public enum GatewayError: Error, CustomStringConvertible {
    /// The certificate or its key cannot be made or read.
    case certificate(path: String, reason: String)
    /// The port cannot be listened on.
    case listen(port: Int, reason: String)

    public var description: String {
        switch self {
        case .certificate(let path, let reason): "push gateway certificate \(path): \(reason)"
        case .listen(let port, let reason): "push gateway: cannot listen on 127.0.0.1:\(port): \(reason)"
        }
    }
}
