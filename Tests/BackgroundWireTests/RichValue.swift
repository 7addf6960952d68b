import Foundation

/// A nested value with a field of each kind the wire writes — every integer width, floating
/// point, strings in all of Unicode, optionals, bytes as `Data` and `[UInt8]`, a date, arrays,
/// dictionaries with String and Int keys, enums with values — and itself, nested.
struct RichValue: Codable, Equatable {
    var leaf: RichLeaf
    var text: String
    var number: Double
    var ratio: Float
    var flag: Bool
    var note: String?
    var payload: Data
    var bytes: [UInt8]
    var when: Date
    var tags: [String]
    var scores: [String: Int]
    var names: [Int: String]
    var events: [RichEvent]
    var children: [RichValue]

    /// A random value, nested `depth` levels deep at most.
    static func random(using generator: inout some RandomNumberGenerator, depth: Int = 2) -> RichValue {
        func count(_ most: Int) -> Range<Int> { 0..<Int.random(in: 0...most, using: &generator) }
        return RichValue(
            leaf: .random(using: &generator),
            text: text(using: &generator),
            number: finite(using: &generator),
            ratio: Float(Double.random(in: -1e30...1e30, using: &generator)),
            flag: .random(using: &generator),
            note: Bool.random(using: &generator) ? nil : text(using: &generator),
            payload: Data(count(40).map { _ in UInt8.random(in: 0...255, using: &generator) }),
            bytes: count(40).map { _ in UInt8.random(in: 0...255, using: &generator) },
            when: Date(timeIntervalSinceReferenceDate: .random(in: -1e10...1e10, using: &generator)),
            tags: count(4).map { _ in text(using: &generator) },
            scores: Dictionary(count(4).map { _ in (text(using: &generator), RichLeaf.edgy(using: &generator)) }) { $1 },
            names: Dictionary(count(4).map { _ in (RichLeaf.edgy(using: &generator), text(using: &generator)) }) { $1 },
            events: count(4).map { _ in .random(using: &generator) },
            children: depth == 0 ? [] : count(2).map { _ in .random(using: &generator, depth: depth - 1) })
    }

    /// Up to 12 scalars from anywhere in Unicode, or empty.
    static func text(using generator: inout some RandomNumberGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            let planes: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0xD7FF, 0xE000...0x10FFFF]
            let value = UInt32.random(in: planes.randomElement(using: &generator)!, using: &generator)
            scalars.append(Unicode.Scalar(value)!)
        }
        return String(scalars)
    }

    /// A finite Double of any magnitude and sign, or one of the edges JSON can write.
    static func finite(using generator: inout some RandomNumberGenerator) -> Double {
        let edges: [Double] = [0, -0.0, 1, -1, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .pi]
        if Bool.random(using: &generator) { return edges.randomElement(using: &generator)! }
        let value = Double(bitPattern: .random(in: 0...UInt64.max, using: &generator))
        return value.isFinite ? value : 0.5
    }
}
