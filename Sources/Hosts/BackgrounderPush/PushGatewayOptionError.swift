/// A push gateway option that cannot be used: the message names the flag and what is wrong.
public struct PushGatewayOptionError: Error, CustomStringConvertible {
    /// What is wrong, naming the flag.
    public let message: String
    public var description: String { message }
}
