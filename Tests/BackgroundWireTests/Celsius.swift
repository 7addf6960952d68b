/// A custom coding through a single-value container.
struct Celsius: Codable, Equatable {
    var degrees: Double

    init(degrees: Double) {
        self.degrees = degrees
    }

    init(from decoder: any Decoder) throws {
        degrees = try decoder.singleValueContainer().decode(Double.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(degrees)
    }
}
