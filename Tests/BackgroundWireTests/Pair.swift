/// Two values read from one unkeyed container.
struct Pair: Decodable {
    var first: Int
    var second: Int

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        first = try container.decode(Int.self)
        second = try container.decode(Int.self)
    }
}
