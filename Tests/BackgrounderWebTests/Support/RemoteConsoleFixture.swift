import BackgroundRuntime
@testable import BackgrounderWeb
import TheBackgrounder

/// A remote console on a free loopback port of a manual device, stopped after `body`.
func withRemoteConsole(
    settings: RemoteConsoleSettings = .init(),
    _ body: (Backgrounder, RemoteConsoleServer, PairingToken) async throws -> Void
) async throws {
    let backgrounder = try makeBackgrounder()
    let token = PairingToken.random()
    let server = try await RemoteConsoleServer.start(
        device: backgrounder.device, token: token, address: ListenAddress(host: "127.0.0.1", port: 0), settings: settings)
    do {
        try await body(backgrounder, server, token)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}
