import Foundation

/// Sizes for console lines and errors, in SI units as download dialogs show them: `40.0 MB`.
public enum ByteCount {
    /// `512 bytes`, `16.4 kB`, `40.0 MB`, `1.25 GB`.
    public static func text(_ bytes: Int64) -> String {
        let value = Double(bytes)
        switch abs(value) {
        case ..<1_000: return "\(bytes) bytes"
        case ..<1_000_000: return String(format: "%.1f kB", value / 1_000)
        case ..<1_000_000_000: return String(format: "%.1f MB", value / 1_000_000)
        default: return String(format: "%.2f GB", value / 1_000_000_000)
        }
    }
}
