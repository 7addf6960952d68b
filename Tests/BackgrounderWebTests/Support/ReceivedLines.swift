import Synchronization

/// The lines a client receives, collected as they come.
final class ReceivedLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }

    /// Waits until a line contains `text`.
    func waitFor(_ text: String) async throws {
        try await until("a console line with \"\(text)\"") { self.all.contains { $0.contains(text) } }
    }
}
