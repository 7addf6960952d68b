/// A value that takes a `superEncoder()` and writes nothing to it, and reads its
/// `superDecoder()` as an empty container.
struct Unfinished: Codable, Equatable {
    private enum CodingKeys: CodingKey {}

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let empty = try container.superDecoder().container(keyedBy: CodingKeys.self)
        guard empty.allKeys.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .init(stringValue: "")!, in: container, debugDescription: "")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        _ = container.superEncoder()
    }
}
