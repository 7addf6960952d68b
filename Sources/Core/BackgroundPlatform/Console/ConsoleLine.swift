import BackgroundWire
import Foundation

/// One line of the console, in the format of Xcode's console:
/// `2026-11-21 22:31:11.667 TheBackgrounder[52611] State: active → inactive`.
public struct ConsoleLine: Sendable, Equatable, Codable {
    /// A number that grows by one with each line of a device's console.
    public let sequence: Int
    public let date: Date
    public let process: String
    public let pid: Int32
    public let message: String

    /// The line as printed.
    public var formatted: String {
        "\(Self.timestamp(date)) \(process)[\(pid)] \(message)"
    }

    /// `yyyy-MM-dd HH:mm:ss.SSS` in the local time zone.
    package static func timestamp(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = time_t(interval.rounded(.down))
        let milliseconds = Int((interval - Double(seconds)) * 1000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2)) "
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(milliseconds), 3))"
    }
}
