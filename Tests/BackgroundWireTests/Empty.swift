/// A value whose coding writes and reads nothing.
struct Empty: Codable, Equatable {
    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {}
}
