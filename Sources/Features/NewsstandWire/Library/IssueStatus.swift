
/// Where an issue's content is, like `NKIssueContentStatus`.
public enum IssueStatus: String, Sendable, Codable, Equatable {
    /// Nothing downloaded, and nothing downloading (or the content was evicted for space).
    case none
    /// At least one asset is downloading, or finished and not yet handed to the app.
    case downloading
    /// The content directory holds the issue's files and nothing is downloading.
    case available
}
