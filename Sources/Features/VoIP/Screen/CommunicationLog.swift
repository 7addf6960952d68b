import BackgroundWire

/// The VoIP screen's received-data text view: the latest events, one a line, oldest first.
/// It keeps at most ``capacity`` of them, so a chatty peer cannot grow it without bound.
public struct CommunicationLog: Sendable, Equatable {
    public let capacity: Int
    public private(set) var entries: [String] = []

    public init(capacity: Int = 200) {
        precondition(capacity > 0, "a log keeps at least one entry")
        self.capacity = capacity
    }

    mutating func append(_ entry: String) {
        if entries.count == capacity { entries.removeFirst() }
        entries.append(entry)
    }

    mutating func removeAll() {
        entries.removeAll()
    }

    /// The text view's text.
    public var text: String { entries.joined(separator: "\n") }
}
