/// The primitive encodes of the single-value and unkeyed containers, written once: each appends
/// the value, tag first, as the container's next value (`put`).
protocol WirePrimitiveEncoding {
    /// Adds what `write` appends as the container's next value.
    func put(_ write: (inout [UInt8]) -> Void)
}

extension WirePrimitiveEncoding {
    mutating func encodeNil() throws { put { $0.append(WireTag.null.rawValue) } }
    mutating func encode(_ value: Bool) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: String) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Double) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Float) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Int) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Int8) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Int16) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Int32) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Int64) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: UInt) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: UInt8) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: UInt16) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: UInt32) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: UInt64) throws { put { value.write(to: &$0) } }
}
