/// The coding keys the wire's coders make themselves: an unkeyed container's index, and the
/// `super` key of `superEncoder()` and `superDecoder()`.
enum WireKey: CodingKey {
    case index(Int)
    case `super`

    var stringValue: String {
        switch self {
        case .index(let index): "Index \(index)"
        case .super: "super"
        }
    }

    var intValue: Int? {
        if case .index(let index) = self { index } else { nil }
    }

    init?(stringValue: String) {
        guard stringValue == "super" else { return nil }
        self = .super
    }

    init(intValue: Int) {
        self = .index(intValue)
    }
}
