import Foundation

/// The single byte range of a `Range` request header, resolved against a file's size.
enum ByteRange {
    /// What a `Range` header asks of a file of `size` bytes.
    enum Request: Equatable {
        /// No usable range (absent, several ranges, or not bytes): send the whole file.
        case whole
        case range(Range<Int>)
        /// A valid range outside the file: 416.
        case unsatisfiable
    }

    /// `bytes=100-199`, `bytes=100-` and `bytes=-500`.
    static func parse(_ header: String?, size: Int) -> Request {
        guard let header else { return .whole }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes="), !trimmed.contains(",") else { return .whole }
        let bounds = trimmed.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2 else { return .whole }
        let first = bounds[0].trimmingCharacters(in: .whitespaces)
        let last = bounds[1].trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            guard let suffix = Int(last), suffix > 0 else { return first.isEmpty && last.isEmpty ? .whole : .unsatisfiable }
            return .range(max(0, size - suffix)..<size)
        }
        guard let start = Int(first), start >= 0 else { return .whole }
        guard start < size else { return .unsatisfiable }
        if last.isEmpty { return .range(start..<size) }
        guard let end = Int(last), end >= start else { return .whole }
        return .range(start..<min(size, end + 1))
    }
}
