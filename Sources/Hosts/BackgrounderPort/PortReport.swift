/// What a run of `port` did to a directory: each change, what it left as it is, and the
/// problems that kept it from writing.
public struct PortReport: Sendable {
    /// The directory, as given.
    public let directory: String
    /// The Swift files read.
    public let fileCount: Int
    public let changes: [PortChange]
    public let notes: [PortNote]
    /// The files port wrote anew (``FoundationOnBackgrounder``'s), as the directory names them.
    public let addedFiles: [String]
    /// Problems with files; when there is one, no file was written.
    public let problems: [PortError]

    /// The files changed (or that would have been, had there been no problem).
    public var changedFileCount: Int { Set(changes.map(\.file)).count }

    /// The last line: what changed, or that nothing needs to.
    public var summary: String {
        let files = "\(fileCount) Swift file\(fileCount == 1 ? "" : "s") under \(directory)"
        let leftAlone = notes.isEmpty ? "" : "; \(notes.count) left as is, listed above"
        if !problems.isEmpty {
            return "backgrounder port: nothing written: \(problems.count) of the \(files) could not be ported (above)"
        }
        let added = addedFiles.map { "; added \($0)" }.joined()
        if changes.isEmpty { return "backgrounder port: nothing to change in the \(files)\(added)\(leftAlone)" }
        return "backgrounder port: \(changes.count) change\(changes.count == 1 ? "" : "s") in \(changedFileCount) of the \(files)\(added)\(leftAlone)"
    }
}
