import Foundation

// The refresh's work, as an operation: fetch the latest entries from the server, unless the
// operation is cancelled first.
class RefreshAppContentsOperation: Operation, @unchecked Sendable {
    let server: Server
    private(set) var entries: [String]?

    init(server: Server) {
        self.server = server
    }

    override func main() {
        entries = server.fetchLatestEntries { self.isCancelled }
    }
}
