import BackgroundSystem
import BackgroundWire
import Foundation
import NewsstandWire

/// The headers a resume reads and sends.
extension HTTPDownload {
    /// What a resume sends as If-Range: the strong ETag, else Last-Modified; a weak ETag
    /// (`W/"…"`) cannot vouch for a byte range (RFC 9110, 13.1.5). Nil when there is neither.
    static func resumeValidator(etag: String?, lastModified: String?) -> String? {
        etag.flatMap { $0.hasPrefix("W/") ? nil : $0 } ?? lastModified
    }

    /// `bytes 100-199/1000` → (100, 1000); a total of `*` is nil.
    static func parseContentRange(_ value: String) -> (start: Int64, total: Int64?)? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst(6)
        let parts = spec.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let bounds = parts[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first <= last else { return nil }
        if parts[1] == "*" { return (first, nil) }
        guard let total = Int64(parts[1]), last < total else { return nil }
        return (first, total)
    }
}
