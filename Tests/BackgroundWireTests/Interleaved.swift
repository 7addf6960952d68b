/// A custom coding that keeps two nested containers open and writes to them and to their
/// parent in turn — which Codable allows and synthesized code never does.
struct Interleaved: Codable, Equatable {
    var first: [Int]
    var second: [String: String]
    var name: String

    private enum CodingKeys: String, CodingKey {
        case first, second, name
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(first: [Int], second: [String: String], name: String) {
        self.first = first
        self.second = second
        self.name = name
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        var numbers = try container.nestedUnkeyedContainer(forKey: .first)
        let pairs = try container.nestedContainer(keyedBy: Key.self, forKey: .second)
        first = []
        while !numbers.isAtEnd { first.append(try numbers.decode(Int.self)) }
        second = try Dictionary(uniqueKeysWithValues: pairs.allKeys.map { ($0.stringValue, try pairs.decode(String.self, forKey: $0)) })
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var numbers = container.nestedUnkeyedContainer(forKey: .first)
        var pairs = container.nestedContainer(keyedBy: Key.self, forKey: .second)
        for (index, number) in first.enumerated() {
            try numbers.encode(number)
            if index == 0 { try container.encode(name, forKey: .name) }
            if index < second.count {
                let key = second.keys.sorted()[index]
                try pairs.encode(second[key]!, forKey: Key(stringValue: key))
            }
        }
        if first.isEmpty { try container.encode(name, forKey: .name) }
        for key in second.keys.sorted().dropFirst(first.count) {
            try pairs.encode(second[key]!, forKey: Key(stringValue: key))
        }
    }
}
