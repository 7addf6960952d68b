/// Why the web UI could not start; the description is the one-line error.
public enum WebServerError: Error, Equatable, CustomStringConvertible {
    case cannotListen(port: Int, reason: String)

    public var description: String {
        switch self {
        case .cannotListen(let port, let reason):
            "web UI: cannot listen on 127.0.0.1:\(port): \(reason); choose another port with --port N"
        }
    }
}
