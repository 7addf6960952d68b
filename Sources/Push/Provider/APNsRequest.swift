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

    public init(method: String, path: String, headers: [String: String], body: Data) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// The most a body may hold: 5 KB, the VoIP limit; bytes past it are not kept.
    public static let largestPayload = 5120
}
