/// Where in the app's code a call was made, for diagnostics.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public let fileID: String
    public let line: Int

    public init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    /// A call whose place the callee could not learn: one made through a protocol or a function
    /// value, which passes no `#fileID`.
    public static let unknown = SourceLocation(fileID: "an unknown line (a call through a protocol or a function value)", line: 0)

    public var description: String { line == 0 ? fileID : "\(fileID):\(line)" }
}
