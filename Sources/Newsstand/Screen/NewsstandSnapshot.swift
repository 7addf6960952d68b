import BackgroundRuntime

/// What the Newsstand screen shows, published under `screens.newsstand` in `status`.
public struct NewsstandSnapshot: ScreenSnapshot, Equatable {
    /// The URL field.
    public var url: String
    /// The progress bar, from 0 to 1; nil while it is hidden.
    public var progress: Double?
    /// The document the web view shows; nil while it is hidden.
    public var documentPath: String?
    /// The issue the screen downloads or shows.
    public var currentIssue: String?
    /// Every issue of the library, with its status and progress.
    public var issues: [IssueSnapshot]
    /// The last error, e.g. a refused URL or a failed download.
    public var error: String?

    private enum CodingKeys: String, CodingKey {
        case url, progress, documentPath, currentIssue, issues, error
    }

    /// Encodes every key, with `null` for an absent value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(progress, forKey: .progress)
        try container.encode(documentPath, forKey: .documentPath)
        try container.encode(currentIssue, forKey: .currentIssue)
        try container.encode(issues, forKey: .issues)
        try container.encode(error, forKey: .error)
    }
}
