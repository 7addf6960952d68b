/// A remote console peer broke the protocol; the description says how.
public struct ConsoleProtocolError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
