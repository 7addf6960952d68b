@testable import BackgrounderWeb

extension RemoteConsoleServer {
    /// Waits until exactly `count` clients are connected.
    func waitForClients(_ count: Int) async throws {
        try await within("\(count) connected console clients") {
            while self.connectedClients != count { try await Task.sleep(for: .milliseconds(5)) }
        }
    }
}
