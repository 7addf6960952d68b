import BigInt

/// The Fibonacci numbers of the Whatever tab, in exact arithmetic.
///
/// It starts at position 1 with previous = current = 1. Each ``advance()`` computes
/// next = current + previous; below 10^40 (``limit``) the sequence moves on to it, otherwise it
/// starts over at position 1, as the tutorial's `calculateNextNumber` does. The tutorial kept
/// the numbers in `NSDecimalNumber`, whose 38 digits cannot hold the 40-digit values near the
/// limit; `BigUInt` holds them exactly.
public struct FibonacciSequence: Sendable, Equatable, CustomStringConvertible {
    /// The first number the sequence does not reach: 10^40.
    public static let limit = BigUInt(10).power(40)

    /// The number before ``current``.
    public private(set) var previous: BigUInt = 1
    /// The number at ``position``.
    public private(set) var current: BigUInt = 1
    /// The position of ``current``, from 1.
    public private(set) var position = 1

    /// The sequence at position 1.
    public init() {}

    /// Moves to the next number, or back to position 1 when the next number would reach
    /// ``limit``.
    public mutating func advance() {
        let next = current + previous
        if next < Self.limit {
            previous = current
            current = next
            position += 1
        } else {
            self = FibonacciSequence()
        }
    }

    /// The result message the tutorial shows: `Position 12 = 233`.
    public var description: String { "Position \(position) = \(current)" }
}
