/// A subclass that codes its superclass's keys into the same container as its own: the
/// encoder hands both the one container.
final class SharedTicket: Pass {
    let gate: String

    init(id: Int, gate: String) {
        self.gate = gate
        super.init(id: id)
    }

    private enum CodingKeys: String, CodingKey {
        case gate
    }

    required init(from decoder: any Decoder) throws {
        gate = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .gate)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gate, forKey: .gate)
    }
}
