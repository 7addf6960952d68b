extension String {
    /// Whether this `host[:port]` names this machine's loopback interface: `127.x.x.x`,
    /// `localhost` or `[::1]`.
    var isLoopbackAuthority: Bool {
        var host = Substring(self)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let rest = host[host.index(after: close)...]
            let portIsValid = rest.isEmpty || (rest.count > 1 && rest.first == ":" && rest.dropFirst().allSatisfy(\.isNumber))
            return portIsValid && host[host.index(after: host.startIndex)..<close] == "::1"
        }
        if let colon = host.lastIndex(of: ":") {
            let port = host[host.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy(\.isNumber) else { return false }
            host = host[..<colon]
        }
        let lowered = host.lowercased()
        if lowered == "localhost" { return true }
        let octets = lowered.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
