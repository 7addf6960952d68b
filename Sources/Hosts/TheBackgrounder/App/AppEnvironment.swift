import Foundation

/// What each launch of the app gets from the system, as values only: its data directory (the
/// app's container) and its settings. Its screens reach the system's services (audio,
/// location, Newsstand's transfers, the VoIP socket) through messages, so the environment
/// crosses to the app's own process unchanged, as its launch environment (``variables``).
public struct AppEnvironment: Sendable, Equatable {
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

    /// The environment of the launch environment `variables`; nil unless they name a data
    /// directory and a Newsstand URL, and a fetch URL that is one.
    init?(variables: [String: String]) {
        guard let dataDirectory = variables[Self.dataDirectoryKey], let newsstandURL = variables[Self.newsstandURLKey] else { return nil }
        let fetchURL = variables[Self.fetchURLKey].map(URL.init(string:))
        if case .some(nil) = fetchURL { return nil }
        self.init(dataDirectory: URL(fileURLWithPath: dataDirectory, isDirectory: true), newsstandURL: newsstandURL, fetchURL: fetchURL ?? nil)
    }

    /// The launch environment that ``init(variables:)`` reads.
    var variables: [String: String] {
        var variables = [Self.dataDirectoryKey: dataDirectory.path, Self.newsstandURLKey: newsstandURL]
        variables[Self.fetchURLKey] = fetchURL?.absoluteString
        return variables
    }

    private static let dataDirectoryKey = "BACKGROUNDER_DATA_DIRECTORY"
    private static let newsstandURLKey = "BACKGROUNDER_NEWSSTAND_URL"
    private static let fetchURLKey = "BACKGROUNDER_FETCH_URL"
}
