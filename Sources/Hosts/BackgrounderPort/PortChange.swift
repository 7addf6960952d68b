/// A change `port` made to a file, printed as a fix-it reads: `FILE:LINE: REASON`, then the
/// lines as they were (`-`) and as they are (`+`).
public struct PortChange: Sendable, Equatable, CustomStringConvertible {
    /// The file, as the directory given to `port` names it.
    public let file: String
    /// The first line changed, from 1, in the file as it was.
    public let line: Int
    /// Why the lines had to change, and what behaviour changes with them.
    public let reason: String
    /// The whole lines the change touched, as they were.
    public let before: String
    /// The same lines as they are now.
    public let after: String

    public var description: String {
        let removed = before.split(separator: "\n", omittingEmptySubsequences: false).map { "-\($0)" }
        let added = after.split(separator: "\n", omittingEmptySubsequences: false).map { "+\($0)" }
        return (["\(file):\(line): \(reason)"] + removed + added).joined(separator: "\n")
    }
}
