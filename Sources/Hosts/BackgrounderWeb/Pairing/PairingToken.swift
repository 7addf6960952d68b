import Foundation

/// The secret a remote console client presents, like the pairing record a Mac keeps for an
/// iPhone: 32 random bytes, written as 64 lowercase hexadecimal digits.
///
/// The app makes it on its first run and keeps it in its data directory (see
/// ``PairingToken/loadOrCreate(in:)``); `backgrounder pair` prints it.
public struct PairingToken: Sendable, Equatable, CustomStringConvertible {
    /// The token as written: 64 lowercase hexadecimal digits.
    public let hex: String

    /// How many random bytes a token holds.
    public static let byteCount = 32

    /// A token from its written form; nil unless `text` is exactly 64 hexadecimal digits
    /// (surrounding white space is ignored, upper case is accepted).
    public init?(_ text: some StringProtocol) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard trimmed.utf8.count == Self.byteCount * 2, trimmed.utf8.allSatisfy(\.isHexDigit) else { return nil }
        hex = trimmed
    }

    /// A new token from the system's cryptographically secure generator.
    public static func random() -> PairingToken {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<byteCount).map { _ in
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            return String(byte >> 4, radix: 16) + String(byte & 0x0f, radix: 16)
        }
        return PairingToken(digits.joined())!
    }

    /// Whether `candidate` is this token, in a time that does not depend on where they differ.
    ///
    /// Every byte of the candidate is compared (up to a bound), so the time taken tells an
    /// attacker nothing about how much of a guess was right.
    public func matches(_ candidate: String) -> Bool {
        let expected = Array(hex.utf8)
        let given = Array(candidate.utf8.prefix(512))
        var difference = UInt8(truncatingIfNeeded: expected.count ^ given.count)
        for index in 0..<max(expected.count, given.count) {
            let a = index < expected.count ? expected[index] : 0
            let b = index < given.count ? given[index] : 0xff
            difference |= a ^ b
        }
        return difference == 0 && expected.count == given.count
    }

    /// The token never appears in logs by accident.
    public var description: String { "PairingToken(…)" }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
    }
}
