import BackgroundSystem
import BackgroundWire
import NewsstandWire

/// What the background sessions' transfer service saves of one transfer beside its part file,
/// so that a new service (after a crash or a restart) resumes it with `Range`.
struct SessionTransferRecord: Codable, Sendable {
    /// The URL it downloads: a record of another URL (a transfer number reused) is not resumed.
    var url: String
    var saved: HTTPDownload.Saved
}
