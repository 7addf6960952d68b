/// Encodes an optional property as `null` when it is absent, instead of leaving the key out as
/// a synthesized `Encodable` does, so that scripts reading `status` always find the key.
///
///     public struct FetchSnapshot: ScreenSnapshot {
///         @ExplicitNull public var lastFetch: String?
///     }
@propertyWrapper
public struct ExplicitNull<Value: Encodable & Sendable>: Encodable, Sendable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension ExplicitNull: Equatable where Value: Equatable {}
