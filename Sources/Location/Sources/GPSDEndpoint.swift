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

    /// Reads `HOST:PORT`; nil if the host is empty or the port is not 1 to 65535.
    public init?(parsing text: String) {
        var host = Substring(text)
        var port = 2947
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let value = Int(rest.dropFirst()) else { return nil }
                port = value
            }
        } else if let colon = text.lastIndex(of: ":"), text.firstIndex(of: ":") == colon {
            host = text[..<colon]
            guard let value = Int(text[text.index(after: colon)...]) else { return nil }
            port = value
        }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace), (1...65_535).contains(port) else { return nil }
        self.init(host: String(host), port: port)
    }

    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
