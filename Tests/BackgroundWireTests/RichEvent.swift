import Foundation

/// An enum with each shape of case a synthesized conformance writes: no values, labeled values
/// (one optional), unlabeled values (keys `_0`, `_1`), a collection, a nested struct.
enum RichEvent: Codable, Equatable {
    case ping
    case fix(latitude: Double, longitude: Double, accuracy: Double?)
    case call(String, Int)
    case batch([Int64])
    case leaf(RichLeaf)

    static func random(using generator: inout some RandomNumberGenerator) -> RichEvent {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: .ping
        case 1:
            .fix(
                latitude: .random(in: -90...90, using: &generator), longitude: .random(in: -180...180, using: &generator),
                accuracy: Bool.random(using: &generator) ? nil : .random(in: 0...100, using: &generator))
        case 2: .call(RichValue.text(using: &generator), RichLeaf.edgy(using: &generator))
        case 3: .batch((0..<Int.random(in: 0...4, using: &generator)).map { _ in RichLeaf.edgy(using: &generator) })
        default: .leaf(.random(using: &generator))
        }
    }
}
