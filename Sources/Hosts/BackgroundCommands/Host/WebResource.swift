/// What the web UI serves for one of an app's screens at `/api/PATH` (see
/// ``CommandHost/webResource(_:)``).
public enum WebResource: Sendable, Equatable {
    /// The file at `path` with its content type; served only from inside the data directory.
    case file(path: String, contentType: String)
    /// Text made now, with its content type.
    case text(String, contentType: String)
    /// Nothing to serve now; the message says why (404).
    case missing(String)
    /// It could not be made; the message says why (500).
    case failed(String)
}
