/// A listen address that could not be read; the description says why.
public struct ListenAddressError: Error, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
