import Foundation

/// A screen's snapshot as the app publishes it: the value itself while it stays in the system's
/// process, its JSON (kept as a ``JSONValue``) once it has crossed from the app's own.
struct PublishedSnapshot: Codable, Sendable, Equatable {
    let value: any ScreenSnapshot

    init(_ value: any ScreenSnapshot) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        value = try JSONValue(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }

    static func == (left: PublishedSnapshot, right: PublishedSnapshot) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(left)) == (try? encoder.encode(right))
    }
}
