@testable import BackgrounderWeb

extension RemoteConsoleServer {
    /// Waits until exactly `count` clients are connected.
    func waitForClients(_ count: Int) async throws {
        try await until("\(count) connected console clients") { self.connectedClients == count }
    }
}
