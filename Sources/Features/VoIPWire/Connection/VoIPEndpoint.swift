import BackgroundWire
import Foundation

/// Where the VoIP screen connects: a host name or an IPv4 or IPv6 address, and a TCP port.
public struct VoIPEndpoint: Sendable, Hashable, Codable, CustomStringConvertible {
    public let host: String
    public let port: Int

    /// - Throws: ``VoIPEndpointError`` for an empty or malformed host, or a port outside 1…65535.
    public init(host: String, port: Int) throws(VoIPEndpointError) {
        let host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard !host.isEmpty else { throw .emptyHost }
        guard host.utf8.count <= 253, !host.contains(where: { $0.isWhitespace || $0.isNewline || $0 == "/" }) else {
            throw .invalidHost(host)
        }
        guard (1...65_535).contains(port) else { throw .invalidPort(String(port)) }
        self.host = host
        self.port = port
    }

    /// The endpoint as typed in the screen's Address and Port fields.
    public init(host: String, port: String) throws(VoIPEndpointError) {
        guard let number = Int(port.trimmingCharacters(in: .whitespaces)) else { throw .invalidPort(port) }
        try self.init(host: host.trimmingCharacters(in: .whitespaces), port: number)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(host: container.decode(String.self, forKey: .host), port: container.decode(Int.self, forKey: .port))
    }

    /// `127.0.0.1:10000`, `[::1]:10000`.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
