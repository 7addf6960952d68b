import BackgroundWire

/// Why an address and a port are not an endpoint to connect to.
public enum VoIPEndpointError: Error, Equatable, CustomStringConvertible {
    case emptyHost
    case invalidHost(String)
    case invalidPort(String)

    public var description: String {
        switch self {
        case .emptyHost: "the address is empty"
        case .invalidHost(let host): "\"\(host)\" is not a host name or an IP address"
        case .invalidPort(let port): "\"\(port)\" is not a TCP port (1 to 65535)"
        }
    }
}
