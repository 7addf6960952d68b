import Synchronization

/// The lines a client receives, collected as they come.
final class ReceivedLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }

    /// Waits until a line contains `text`.
    func waitFor(_ text: String) async throws {
        try await within("a console line with \"\(text)\"") {
            while !self.all.contains(where: { $0.contains(text) }) { try await Task.sleep(for: .milliseconds(5)) }
        }
    }
}
