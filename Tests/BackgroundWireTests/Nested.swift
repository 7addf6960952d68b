/// Unkeyed containers nested in each other: a value `depth` levels deep is `depth` containers.
struct Nested: Codable, Equatable {
    var children: [Nested]

    /// A chain of `depth` containers, each holding the next.
    init(depth: Int) {
        children = depth > 1 ? [Nested(depth: depth - 1)] : []
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        children = []
        while !container.isAtEnd { children.append(try container.decode(Nested.self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for child in children { try container.encode(child) }
    }
}
