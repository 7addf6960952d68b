import BackgroundWire

/// A host (name or address) and a TCP port, as people type them: `HOST`, `HOST:PORT` or
/// `[IPv6]:PORT`. The one reader behind every address option (gpsd's, the remote console's).
public struct HostAndPort: Sendable, Hashable, CustomStringConvertible {
    public let host: String
    public let port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST`, `HOST:PORT` or `[IPv6]:PORT`; a missing port is `defaultPort`.
    public init(parsing text: String, defaultPort: Int) throws(HostAndPortError) {
        var host = text
        var port = defaultPort
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw HostAndPortError("\"\(text)\": an IPv6 address needs its closing ]")
            }
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { throw HostAndPortError("\"\(text)\": expected :PORT after ]") }
                port = try Self.port(String(rest.dropFirst()), in: text)
            }
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            host = String(text[..<colon])
            port = try Self.port(String(text[text.index(after: colon)...]), in: text)
        }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
            throw HostAndPortError("\"\(text)\": expected HOST, HOST:PORT or [IPv6]:PORT")
        }
        self.init(host: host, port: port)
    }

    private static func port(_ text: String, in whole: String) throws(HostAndPortError) -> Int {
        guard let port = Int(text), (1...65_535).contains(port) else {
            throw HostAndPortError("\"\(whole)\": \"\(text)\" is not a TCP port (1 to 65535)")
        }
        return port
    }

    /// `127.0.0.1:8082`, or `[::1]:8082`.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
