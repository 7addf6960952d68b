import Foundation

/// Encodes a date as `status` shows dates, an ISO 8601 string (`2026-11-21T22:31:11Z`),
/// whatever the encoder's date strategy.
///
///     public struct IssueSnapshot: Encodable {
///         @ISO8601Date public var date: Date
///     }
@propertyWrapper
public struct ISO8601Date: Encodable, Sendable, Equatable {
    public var wrappedValue: Date

    public init(wrappedValue: Date) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(UTCDateText.iso8601(wrappedValue))
    }
}
