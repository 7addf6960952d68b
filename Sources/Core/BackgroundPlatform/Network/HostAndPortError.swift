import BackgroundWire

/// An address that could not be read; the description says why.
public struct HostAndPortError: Error, Equatable, CustomStringConvertible {
    public let description: String

    package init(_ description: String) {
        self.description = description
    }
}
