import Foundation

/// One request to the gateway as it arrived: method, path, headers (names in lowercase) and body.
public struct APNsRequest: Sendable {
    public var method: String
    public var path: String
    /// Header values by lowercase name; a name sent twice keeps its first value.
    public var headers: [String: String]
    public var body: Data
    /// Whether the body grew past what any push may carry (it was not kept whole).
    public var bodyIsOversized = false
    /// APNs's headers (`apns-…`, `authorization`) sent more than once: `DuplicateHeaders`.
    public var duplicateHeaders: [String] = []

    public init(method: String, path: String, headers: [String: String], body: Data) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// The most a body may hold: 5 KB, the VoIP limit; bytes past it are not kept.
    public static let largestPayload = 5120

    /// Where the client thinks it sends the request: `:authority`, or `host` as some clients
    /// (aioapns) send instead, without a port; nil when it names neither.
    public var authority: String? {
        guard let value = headers[":authority"] ?? headers["host"] else { return nil }
        if value.hasPrefix("[") { return value.split(separator: "]").first.map { String($0.dropFirst()) } }
        return value.split(separator: ":", maxSplits: 1).first.map { String($0).lowercased() }
    }
}
