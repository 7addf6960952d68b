import BackgroundWire
import CFormat
import Foundation

/// A number as printf's `%.Nf` (`%+.Nf`) writes it, the way CoreLocation's description writes
/// coordinates, accuracies, speeds and courses.
///
/// A finite number of the size a location has is rounded here, exactly: its binary value times
/// 10^N, in 128-bit integers, rounded to nearest with ties to even, as glibc's printf rounds.
/// Anything else (not finite, at least 2^52, far below the last decimal) goes to the C library.
/// printf's own conversion was a fifth of the CPU time the app spent on a fix.
enum FixedPointText {
    /// Appends `value` with `decimals` digits after the point (at most 9), and a `+` before a
    /// number that is not negative when `signed`.
    static func append(_ value: Double, decimals: Int, signed: Bool = false, to text: inout TextBytes) {
        guard let rounded = scaledAndRounded(value, decimals: decimals) else {
            return appendFromTheCLibrary(value, decimals: decimals, signed: signed, to: &text)
        }
        if value.sign == .minus {
            text.append(ascii: "-")
        } else if signed {
            text.append(ascii: "+")
        }
        let scale = power(decimals)
        text.append(rounded / scale)
        guard decimals > 0 else { return }
        text.append(ascii: ".")
        text.append(rounded % scale, width: decimals)
    }

    /// |value| × 10^`decimals`, rounded to the nearest integer, ties to even; nil when the
    /// exact product does not fit the arithmetic here.
    static func scaledAndRounded(_ value: Double, decimals: Int) -> UInt64? {
        guard value.isFinite, (0...9).contains(decimals) else { return nil }
        let magnitude = value.magnitude
        guard magnitude != 0 else { return 0 }
        // magnitude = significand × 2^-shift, exactly.
        let significand = magnitude.significandBitPattern | (magnitude.isNormal ? 1 << 52 : 0)
        let shift = magnitude.isNormal ? 52 - Int(magnitude.exponent) : 1074
        guard shift > 0, shift < 100 else { return nil }
        let product = UInt128(significand) * UInt128(power(decimals))
        var rounded = product >> shift
        let remainder = product & ((1 << shift) - 1)
        let half = UInt128(1) << (shift - 1)
        if remainder > half || (remainder == half && rounded & 1 == 1) { rounded += 1 }
        return UInt64(exactly: rounded)
    }

    /// 10^`exponent`, for an exponent of 0 to 9.
    private static func power(_ exponent: Int) -> UInt64 {
        powersOfTen[exponent]
    }

    private static let powersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// printf's `%.Nf` itself, through a function of ours that takes no va_list. A text longer
    /// than the usual buffer is formatted again in one that fits.
    private static func appendFromTheCLibrary(_ value: Double, decimals: Int, signed: Bool, to text: inout TextBytes) {
        func attempt(capacity: Int) -> Int {
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
                let needed = Int(backgrounder_format_fixed(buffer.baseAddress!, capacity, value, Int32(decimals), signed ? 1 : 0))
                if needed < capacity {
                    text.append(utf8: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: max(0, needed)))
                }
                return needed
            }
        }
        let needed = attempt(capacity: 64)
        if needed >= 64 { _ = attempt(capacity: needed + 1) }
    }
}
