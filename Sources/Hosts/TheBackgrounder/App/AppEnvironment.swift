import Foundation

/// What each launch of the app gets from the system, as values only: its data directory (the
/// app's container) and its settings. Its screens reach the system's services (audio,
/// location, Newsstand's transfers, the VoIP socket) through messages, so the environment
/// crosses to the app's own process unchanged.
public struct AppEnvironment: Sendable, Codable, Equatable {
    /// Where the app keeps its data.
    public let dataDirectory: URL
    /// The Newsstand screen's default URL: the built-in content server's issue.
    public let newsstandURL: String
    /// What the Fetch screen fetches: this URL, or the current time when nil.
    public let fetchURL: URL?

    public init(dataDirectory: URL, newsstandURL: String, fetchURL: URL?) {
        self.dataDirectory = dataDirectory
        self.newsstandURL = newsstandURL
        self.fetchURL = fetchURL
    }
}
