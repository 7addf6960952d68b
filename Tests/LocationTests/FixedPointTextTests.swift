import BackgroundRuntime
import Foundation
@testable import LocationWire
import Testing

/// CoreLocation's numbers as printf's `%.Nf` writes them: the text written here is the C
/// library's, digit for digit, rounding and signs included.
@Suite("Numbers as printf writes them")
struct FixedPointTextTests {
    private func text(_ value: Double, decimals: Int, signed: Bool) -> String {
        var text = TextBytes(capacity: 32)
        FixedPointText.append(value, decimals: decimals, signed: signed, to: &text)
        return text.string
    }

    private func printf(_ value: Double, decimals: Int, signed: Bool) -> String {
        String(format: signed ? "%+.*f" : "%.*f", decimals, value)
    }

    @Test func randomNumbersOfEverySizeAreWrittenAsPrintfWritesThem() {
        var random = SeededRandom(seed: 0x5eed)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: random.next() & 0x7FFF_FFFF_FFFF_FFFF | (random.next() & 1) << 63)
            let coordinate = Double.random(in: -180...180, using: &random)
            let scaled = Double.random(in: -1...1, using: &random) * pow(10, Double(Int.random(in: -12...17, using: &random)))
            for value in [value, coordinate, coordinate.rounded(.down) + 0.5, scaled] {
                for decimals in [0, 2, 8] {
                    for signed in [false, true] {
                        #expect(text(value, decimals: decimals, signed: signed) == printf(value, decimals: decimals, signed: signed))
                    }
                }
            }
        }
    }

    @Test(arguments: [
        0.125, 0.375, 2.5, 3.5, -0.125, 0.0, -0.0, -1e-12, 1e-300, .leastNonzeroMagnitude, 1e20, 4.5e15, .infinity, -.infinity, .nan,
        37.33500926, -122.03272188, 0.005, 1.005, 999_999.995,
    ])
    func edgesAreWrittenAsPrintfWritesThem(value: Double) {
        for decimals in [0, 2, 8, 9] {
            for signed in [false, true] {
                #expect(text(value, decimals: decimals, signed: signed) == printf(value, decimals: decimals, signed: signed))
            }
        }
    }

    @Test func exactTiesGoToTheEvenNeighbour() {
        #expect(FixedPointText.scaledAndRounded(0.125, decimals: 2) == 12)
        #expect(FixedPointText.scaledAndRounded(0.375, decimals: 2) == 38)
        #expect(FixedPointText.scaledAndRounded(2.5, decimals: 0) == 2)
        #expect(FixedPointText.scaledAndRounded(.nan, decimals: 2) == nil)
    }
}
