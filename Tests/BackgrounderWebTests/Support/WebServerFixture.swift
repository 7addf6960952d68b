@testable import BackgrounderWeb
import HummingbirdTesting
import TheBackgrounder

/// The web UI on a free port of 127.0.0.1 for a manual device, and an HTTP client of it.
func withWebServer(
    _ body: @escaping @Sendable (Backgrounder, WebServer, WebClient) async throws -> Void
) async throws {
    let backgrounder = try makeBackgrounder()
    let server = try await WebServer.start(host: backgrounder.host, port: 0, tabs: WebServer.rendererTabs)
    do {
        try await TestClient.withClient(host: "127.0.0.1", port: server.port) { client in
            try await body(backgrounder, server, WebClient(client: client, authority: "127.0.0.1:\(server.port)"))
        }
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}
