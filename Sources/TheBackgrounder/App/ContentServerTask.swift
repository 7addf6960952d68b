import BackgroundRuntime
import DemoPeers
import Synchronization

/// The built-in content server running beside the app for `backgrounder run`.
final class ContentServerTask: Sendable {
    private let console: Console
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(console: Console) {
        self.console = console
    }

    /// Starts serving; a port that is taken is one console line, and the app runs on.
    func start(_ server: ContentServer) {
        let console = self.console
        task.withLock { task in
            task = Task {
                do {
                    try await server.run { port in
                        console.log(
                            "Content server: \(ContentServer.issueURL(port: port)) (\(server.issue.count) bytes) at \(server.speed)")
                    }
                } catch {
                    console.log("Content server: cannot serve on \(server.host):\(server.port): \(error)")
                }
            }
        }
    }

    /// Stops serving and waits until the port is closed.
    func stop() async {
        let running = task.withLock { task in
            defer { task = nil }
            return task
        }
        running?.cancel()
        await running?.value
    }
}
