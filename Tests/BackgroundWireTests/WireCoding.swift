import BackgroundWire

/// `value` encoded and decoded back, each with a coder of its own.
func wireRoundTrip<T: Codable>(_ value: T, as type: T.Type = T.self) throws -> T {
    try WireDecoder().decode(type, from: WireEncoder().encode(value))
}

/// What decoding `bytes` as a `type` throws, or nil if it decodes.
func wireDecodingError<T: Decodable>(_ bytes: [UInt8], as type: T.Type) -> (any Error)? {
    do {
        _ = try WireDecoder().decode(type, from: bytes)
        return nil
    } catch {
        return error
    }
}
