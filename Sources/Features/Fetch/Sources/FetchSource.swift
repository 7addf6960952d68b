import Foundation

/// What the Fetch screen's fetch gets.
public enum FetchSource: Sendable, Equatable, CustomStringConvertible {
    /// The current time, as in the tutorial: always new data.
    case clock
    /// A real resource over HTTP, asked for with its ETag and Last-Modified, so that new data
    /// and no data mean what they say.
    case url(URL)

    public var description: String {
        switch self {
        case .clock: "the current time"
        case .url(let url): url.absoluteString
        }
    }
}
