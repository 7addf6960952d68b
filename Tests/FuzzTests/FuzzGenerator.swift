/// A seeded source of fuzz inputs: random bytes and text, and mutations of real samples (bit
/// flips, truncation, duplication, splicing, special characters, huge numbers, Unicode).
///
/// SplitMix64 underneath, so the same seed gives the same inputs on every machine: a failure
/// names its seed and input number, and `BACKGROUNDER_FUZZ_SEED` replays it.
struct FuzzGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Tokens that parsers trip over: delimiters, quotes, escapes, huge and odd numbers, text
    /// that is not ASCII (a combining mark, a BOM, right-to-left override, an emoji, a NUL).
    static let specials: [String] = [
        "\0", "\u{FEFF}", "\u{0301}", "\u{202E}", "😀", "é", "İ", "\u{85}", "\u{2028}", "\r\n", "\n", "\r", "\t", " ",
        "<", ">", "</", "/>", "&", "&#x110000;", "&#0;", "&amp;", "\"", "'", "\\", "*", ",", "$", "!", "%", "%00", "%ff", "%C3",
        ":", "[", "]", "/", "..", ";", "=", "-", "+", ".", "e", "E", "#",
        "-1", "0", "-0", "1e309", "-1e309", "1e-400", "NaN", "inf", "9999999999999999999999",
        "9223372036854775807", "-9223372036854775808", "18446744073709551616", "4294967296", "2147483648",
        "0.000000000000000000000001", "99", "60", "61", "24", "+0", "-0:", "Z",
    ]

    /// Up to `maxCount` random bytes.
    mutating func bytes(maxCount: Int) -> [UInt8] {
        (0..<Int.random(in: 0...maxCount, using: &self)).map { _ in UInt8.random(in: .min ... .max, using: &self) }
    }

    /// Up to `maxCount` characters, mostly printable ASCII with specials mixed in.
    mutating func text(maxCount: Int) -> String {
        var text = ""
        let length = Int.random(in: 0...maxCount, using: &self)
        while text.unicodeScalars.count < length {
            if Int.random(in: 0..<4, using: &self) == 0 {
                text += Self.specials.randomElement(using: &self)!
            } else {
                text.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &self)))
            }
        }
        return text
    }

    /// A random input (one in eight) or one to four mutations of one of `samples`; at most
    /// `maxCount` bytes.
    mutating func input(from samples: [[UInt8]], maxCount: Int) -> [UInt8] {
        if samples.isEmpty || Int.random(in: 0..<8, using: &self) == 0 {
            return Bool.random(using: &self) ? bytes(maxCount: maxCount) : Array(text(maxCount: maxCount).utf8)
        }
        var input = samples.randomElement(using: &self)!
        for _ in 0..<Int.random(in: 1...4, using: &self) {
            input = mutate(input, samples: samples)
        }
        return Array(input.prefix(maxCount))
    }

    /// A mutated text sample, as a string (invalid UTF-8 repaired).
    mutating func line(from samples: [String], maxCount: Int) -> String {
        String(decoding: input(from: samples.map { Array($0.utf8) }, maxCount: maxCount), as: UTF8.self)
    }

    /// One mutation of `input`; `samples` are the donors of a splice.
    mutating func mutate(_ input: [UInt8], samples: [[UInt8]]) -> [UInt8] {
        var input = input
        let position = Int.random(in: 0...input.count, using: &self)
        switch Int.random(in: 0..<9, using: &self) {
        case 0 where !input.isEmpty:  // flip a bit
            let index = min(position, input.count - 1)
            input[index] ^= 1 << UInt8.random(in: 0..<8, using: &self)
        case 1:  // truncate
            input.removeSubrange(position...)
        case 2:  // duplicate a slice
            let end = Int.random(in: position...min(input.count, position + 200), using: &self)
            input.insert(contentsOf: input[position..<end], at: end)
        case 3:  // splice the tail of another sample
            let donor = samples.randomElement(using: &self) ?? []
            let from = Int.random(in: 0...donor.count, using: &self)
            input = Array(input[..<position]) + donor[from...]
        case 4:  // delete a slice
            let end = Int.random(in: position...min(input.count, position + 20), using: &self)
            input.removeSubrange(position..<end)
        case 5 where !input.isEmpty:  // replace a digit by another digit or a byte by a random one
            let index = min(position, input.count - 1)
            input[index] = (48...57).contains(input[index])
                ? UInt8.random(in: 48...57, using: &self) : UInt8.random(in: .min ... .max, using: &self)
        case 6:  // insert random bytes
            input.insert(contentsOf: bytes(maxCount: 8), at: position)
        default:  // insert a special token
            input.insert(contentsOf: Array(Self.specials.randomElement(using: &self)!.utf8), at: position)
        }
        return input
    }
}
