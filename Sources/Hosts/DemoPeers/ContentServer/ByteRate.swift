import BackgroundRuntime
import Foundation

/// A transfer rate such as `1MB/s`, for throttling the content server.
public struct ByteRate: Sendable, Equatable, CustomStringConvertible {
    public let bytesPerSecond: Int64

    public init(bytesPerSecond: Int64) {
        self.bytesPerSecond = bytesPerSecond
    }

    /// Parses `1MB/s`, `512KB/s`, `2.5MiB/s`, `800000` (bytes a second); SI units (kB, MB,
    /// GB) count in thousands, binary ones (KiB, MiB, GiB) in 1024s. `unlimited` and `0`
    /// are nil: no throttling.
    public static func parse(_ text: String) throws(ByteRateError) -> ByteRate? {
        var rest = text.trimmingCharacters(in: .whitespaces)
        if rest.lowercased() == "unlimited" { return nil }
        if rest.lowercased().hasSuffix("/s") { rest.removeLast(2) }
        let digits = rest.prefix { $0.isNumber || $0 == "." }
        let unit = rest.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).lowercased()
        let multipliers: [String: Double] = [
            "": 1, "b": 1, "k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9,
            "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824,
        ]
        guard let value = Double(digits), value.isFinite, let multiplier = multipliers[unit] else {
            throw ByteRateError(text: text)
        }
        let bytes = value * multiplier
        guard bytes < 1e15 else { throw ByteRateError(text: text) }
        return bytes < 1 ? nil : ByteRate(bytesPerSecond: Int64(bytes))
    }

    public var description: String { "\(ByteCount.text(bytesPerSecond))/s" }
}
