import BackgroundWire

/// A held background task assertion, as `status` lists it.
public struct AssertionStatus: Encodable, Sendable, Equatable {
    @ExplicitNull public var name: String?
    public var identifier: Int
    /// Seconds of background time left; nil while unlimited (the app is in the foreground).
    @ExplicitNull public var timeRemaining: Double?
    /// Where in the app's code it was begun.
    public var begunAt: String
}
