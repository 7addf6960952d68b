/// A seeded source of test inputs (SplitMix64): the same seed gives the same inputs on every
/// machine, so a failure names its seed and input number and repeats.
struct SeededRandom: RandomNumberGenerator {
    /// The seed of every test's inputs.
    static let seed: UInt64 = 2013

    private var state: UInt64

    init(seed: UInt64 = SeededRandom.seed) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Calls `body` with `count` inputs that `make` draws, each with its number, from a generator
    /// seeded with ``seed`` and `name`.
    static func forEach<Input>(
        _ count: Int, of name: String, _ make: (inout SeededRandom) -> Input, _ body: (Input, Int) throws -> Void
    ) rethrows {
        var random = SeededRandom(seed: seed ^ UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }))
        for number in 0..<count {
            try body(make(&random), number)
        }
    }
}
