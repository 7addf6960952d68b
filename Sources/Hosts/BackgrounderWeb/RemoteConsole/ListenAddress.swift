import BackgroundRuntime

/// Where a server listens: a host (name or address) and a TCP port.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: Int

    /// The remote console's default: loopback only, port 8082.
    public static let remoteConsoleDefault = ListenAddress(host: "127.0.0.1", port: 8082)

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST`, `HOST:PORT` or `[IPv6]:PORT`; a missing port is `defaultPort`, and port 0
    /// asks for a free one (as the kernel's bind does).
    public init(parsing text: String, defaultPort: Int) throws(ListenAddressError) {
        let host = text.dropLast(2)
        if text.hasSuffix(":0"), !host.contains(":") || (host.hasPrefix("[") && host.hasSuffix("]")),
            let address = try? HostAndPort(parsing: String(host), defaultPort: defaultPort)
        {
            self.init(host: address.host, port: 0)
            return
        }
        do {
            let address = try HostAndPort(parsing: text, defaultPort: defaultPort)
            self.init(host: address.host, port: address.port)
        } catch {
            throw ListenAddressError(error.description)
        }
    }

    /// `127.0.0.1:8082`, or `[::1]:8082`.
    public var description: String { HostAndPort(host: host, port: port).description }
}
