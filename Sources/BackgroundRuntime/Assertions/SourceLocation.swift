/// Where in the app's code a call was made, for diagnostics.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public let fileID: String
    public let line: Int

    public init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    public var description: String { "\(fileID):\(line)" }
}
