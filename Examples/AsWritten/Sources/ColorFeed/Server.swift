import Foundation

// The sample's server: where the feed's new entries come from.
protocol Server: Sendable {
    /// Waits for the latest entries; returns nil if `isCancelled` says to stop first.
    func fetchLatestEntries(isCancelled: () -> Bool) -> [String]?
}

// The sample's stand-in for a server: it answers at once.
struct MockServer: Server {
    func fetchLatestEntries(isCancelled: () -> Bool) -> [String]? {
        ["red", "green", "blue"]
    }
}
