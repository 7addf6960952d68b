import BackgroundWire
import Foundation

/// What to download: the URL and any extra request headers (`NSURLRequest`'s part that a
/// Newsstand asset uses).
public struct DownloadRequest: Sendable, Equatable, Codable {
    public var url: URL
    public var headers: [String: String]

    public init(url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }

    /// Parses the text of a URL field: an http or https URL with a host.
    public init(parsing text: String) throws(LibraryError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased() else {
            throw .invalidRequest("\"\(trimmed)\" is not a URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw .invalidRequest("\"\(trimmed)\" is not an http or https URL")
        }
        guard let host = url.host, !host.isEmpty else {
            throw .invalidRequest("\"\(trimmed)\" has no host")
        }
        self.init(url: url)
    }
}
