/// One integer of every width the wire writes, for round trips at their limits.
struct RichLeaf: Codable, Equatable {
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var int: Int
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var uint: UInt

    /// Integers drawn mostly from each type's edges (min, max, 0, ±1), else anywhere.
    static func random(using generator: inout some RandomNumberGenerator) -> RichLeaf {
        RichLeaf(
            int8: edgy(using: &generator), int16: edgy(using: &generator), int32: edgy(using: &generator),
            int64: edgy(using: &generator), int: edgy(using: &generator), uint8: edgy(using: &generator),
            uint16: edgy(using: &generator), uint32: edgy(using: &generator), uint64: edgy(using: &generator),
            uint: edgy(using: &generator))
    }

    static func edgy<I: FixedWidthInteger>(using generator: inout some RandomNumberGenerator) -> I {
        Bool.random(using: &generator)
            ? [I.min, I.max, 0, 1, I.isSigned ? -1 : 2].randomElement(using: &generator)!
            : I.random(in: I.min...I.max, using: &generator)
    }
}
