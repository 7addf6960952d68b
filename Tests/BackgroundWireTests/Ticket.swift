/// A subclass that codes its superclass through `superEncoder()` and `superDecoder()`, as
/// Apple's documentation shows.
final class Ticket: Pass {
    let seat: String

    init(id: Int, seat: String) {
        self.seat = seat
        super.init(id: id)
    }

    private enum CodingKeys: String, CodingKey {
        case seat
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seat = try container.decode(String.self, forKey: .seat)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seat, forKey: .seat)
        try super.encode(to: container.superEncoder())
    }
}
