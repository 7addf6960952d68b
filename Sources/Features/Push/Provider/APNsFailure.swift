/// A request the gateway refuses: APNs's reason, and for the console what exactly was wrong.
public struct APNsFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: APNsReason
    /// One sentence naming what was wrong, e.g. `apns-priority "7" is not 10, 5 or 1`.
    public let detail: String

    public init(_ reason: APNsReason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    public var description: String { "\(reason.status) \(reason.rawValue): \(detail)" }
}
