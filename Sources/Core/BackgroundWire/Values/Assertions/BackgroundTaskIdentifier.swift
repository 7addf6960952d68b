/// The identifier of a background task assertion, like `UIBackgroundTaskIdentifier`.
public struct BackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// What `beginBackgroundTask` returns when background time cannot be had.
    public static let invalid = BackgroundTaskIdentifier(rawValue: 0)

    public var description: String { String(rawValue) }
}
