import BackgroundWire

/// A fact the system keeps about a screen's subject, shown as one field of that screen in
/// `status` beside what the app last published: the socket's connection, the next background
/// fetch. The app may be suspended when such a fact changes; the system publishes it itself,
/// so `status` is never stale.
public struct ScreenFact<Value: Encodable & Sendable>: Sendable, Hashable {
    /// The screen's name under `status`'s `screens`.
    public let screen: String
    /// The field the fact fills in that screen.
    public let field: String

    public init(screen: String, field: String) {
        self.screen = screen
        self.field = field
    }
}
