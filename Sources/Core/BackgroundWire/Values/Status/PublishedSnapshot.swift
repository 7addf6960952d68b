
/// A screen's snapshot as the app publishes it: the value itself while it stays in the system's
/// process; once it has crossed from the app's own, its bytes in the wire's form
/// (``WireSnapshot``), read only when something asks for the screen.
package struct PublishedSnapshot: Codable, Sendable, Equatable {
    package let value: any ScreenSnapshot

    package init(_ value: any ScreenSnapshot) {
        self.value = value
    }

    package init(from decoder: any Decoder) throws {
        value = WireSnapshot(bytes: try decoder.singleValueContainer().decode([UInt8].self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(bytes)
    }

    /// The snapshot in the wire's form.
    private var bytes: [UInt8] {
        if let crossed = value as? WireSnapshot { return crossed.bytes }
        // A screen's snapshot that cannot be encoded has nothing to show.
        return (try? WireEncoder().encode(value)) ?? WireSnapshot.empty
    }

    package static func == (left: PublishedSnapshot, right: PublishedSnapshot) -> Bool {
        left.bytes == right.bytes
    }
}
