/// Why the device could not register the app for remote notifications.
public struct PushRegistrationError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    public let reason: String

    public var description: String { reason }

    package init(reason: String) {
        self.reason = reason
    }
}
