/// A misuse: two single values at one place.
struct TwoValues: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(1)
        try container.encode(2)
    }
}
