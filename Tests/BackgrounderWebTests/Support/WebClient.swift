import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// An HTTP client that names its host as a browser does.
struct WebClient: Sendable {
    let client: TestClient
    let authority: String

    func get(_ path: String, headers: HTTPFields = [:]) async throws -> TestClient.Response {
        try await execute(.init(path, method: .get, authority: authority, headers: headers))
    }

    func post(_ path: String, headers: HTTPFields = [:], body: ByteBuffer) async throws -> TestClient.Response {
        try await execute(.init(path, method: .post, authority: authority, headers: headers, body: body))
    }

    func execute(_ request: TestClient.Request) async throws -> TestClient.Response {
        try await client.execute(request)
    }

    /// Posts a command line as the page does.
    func command(_ line: String) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["line": line])
        let response = try await post("/api/command", headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body))
        #expect(response.status == .ok)
        return try response.json()
    }
}
