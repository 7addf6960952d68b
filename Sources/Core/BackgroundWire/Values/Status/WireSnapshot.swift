
/// A screen's snapshot that crossed from the app's own process: its bytes in the wire's form,
/// kept as they came. `status` reads them as a ``JSONValue`` when it is asked; a typed read
/// (``Device/snapshot(for:)``) decodes them as the screen's own type.
package struct WireSnapshot: ScreenSnapshot {
    /// The encoding of an empty keyed container: a snapshot with nothing in it.
    static let empty: [UInt8] = [0x08, 0x01, 0x00]

    let bytes: [UInt8]

    /// The snapshot as `type`; nil when its bytes are not one.
    package func decode<T: Decodable>(_ type: T.Type) -> T? {
        try? WireDecoder().decode(type, from: bytes)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(decode(JSONValue.self) ?? .null)
    }
}
