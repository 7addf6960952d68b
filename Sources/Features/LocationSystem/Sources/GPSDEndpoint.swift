import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

/// Where gpsd listens: `HOST:PORT`, `[IPv6]:PORT`, or a host alone on gpsd's port 2947.
public struct GPSDEndpoint: Sendable, Hashable, CustomStringConvertible {
    public let host: String
    public let port: Int

    /// gpsd's own address: 127.0.0.1:2947.
    public static let standard = GPSDEndpoint(host: "127.0.0.1", port: 2947)

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST:PORT`, `[IPv6]:PORT` or `HOST`; nil if the host is empty or the port is not 1
    /// to 65535.
    public init?(parsing text: String) {
        guard let address = try? HostAndPort(parsing: text, defaultPort: Self.standard.port) else { return nil }
        self.init(host: address.host, port: address.port)
    }

    public var description: String { HostAndPort(host: host, port: port).description }
}
