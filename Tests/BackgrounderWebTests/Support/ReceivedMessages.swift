import Synchronization

/// The messages a WebSocket client received, as text.
final class ReceivedMessages: Sendable {
    private let messages = Mutex<[String]>([])
    func append(_ message: String) { messages.withLock { $0.append(message) } }
    var all: [String] { messages.withLock { $0 } }

    /// Waits until a message contains every one of `parts`.
    func waitFor(_ parts: String...) async throws {
        try await until("a message with \(parts)") {
            self.all.contains { message in parts.allSatisfy(message.contains) }
        }
    }
}
