import Foundation

/// A device token: 32 bytes that name one app on one device to APNs, shown as hex.
public struct PushToken: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The 64 lowercase hex digits.
    public let hex: String

    /// A new random token.
    public static func random() -> PushToken {
        var generator = SystemRandomNumberGenerator()
        return PushToken(checkedHex: (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined())
    }

    private init(checkedHex: String) {
        hex = checkedHex
    }

    /// The token written as `hex`; nil unless it is 64 hex digits (any case).
    public init?(hex: String) {
        guard hex.utf8.count == 64, hex.allSatisfy(\.isHexDigit) else { return nil }
        self.hex = hex.lowercased()
    }

    public var description: String { hex }

    /// The token's 32 bytes, as iOS hands a token to the app (`Data`).
    public var bytes: Data {
        var bytes: [UInt8] = []
        var digits = hex.makeIterator()
        while let high = digits.next(), let low = digits.next() {
            bytes.append(UInt8(String([high, low]), radix: 16) ?? 0)
        }
        return Data(bytes)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let token = PushToken(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(text) is not 64 hex digits"))
        }
        self = token
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
