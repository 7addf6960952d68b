import BackgroundApp
import BackgroundWire
import NewsstandWire

/// What the Newsstand screen shows, published under `screens.newsstand` in `status`. It is
/// `Decodable` so that the system reads it back from the JSON an app in its own process
/// publishes (the web UI serves ``documentPath``).
public struct NewsstandSnapshot: ScreenSnapshot, Decodable, Equatable {
    /// The URL field.
    public var url: String
    /// The progress bar, from 0 to 1; nil while it is hidden.
    @ExplicitNull public var progress: Double?
    /// The document the web view shows; nil while it is hidden.
    @ExplicitNull public var documentPath: String?
    /// The issue the screen downloads or shows.
    @ExplicitNull public var currentIssue: String?
    /// Every issue of the library, with its status and progress.
    public var issues: [IssueSnapshot]
    /// The last error, e.g. a refused URL or a failed download.
    @ExplicitNull public var error: String?
}
