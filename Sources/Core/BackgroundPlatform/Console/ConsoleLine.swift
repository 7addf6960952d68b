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

    /// The line as printed, built in one buffer: every line of the console is.
    public var formatted: String {
        var text = TextBytes(capacity: Self.timestampLength + process.utf8.count + message.utf8.count + 16)
        Self.appendTimestamp(date, to: &text)
        text.append(" ")
        text.append(process)
        text.append("[")
        text.append(Int(pid))
        text.append("] ")
        text.append(message)
        return text.string
    }

    /// The length of a ``timestamp(_:)``.
    private static let timestampLength = 23

    /// `yyyy-MM-dd HH:mm:ss.SSS` in the local time zone.
    package static func timestamp(_ date: Date) -> String {
        var text = TextBytes(capacity: timestampLength)
        appendTimestamp(date, to: &text)
        return text.string
    }

    /// Appends `yyyy-MM-dd HH:mm:ss.SSS` in the local time zone, digit by digit (a year before 0
    /// has its sign, one after 9999 its fifth digit).
    private static func appendTimestamp(_ date: Date, to text: inout TextBytes) {
        let interval = date.timeIntervalSince1970
        var seconds = time_t(interval.rounded(.down))
        let milliseconds = Int((interval - Double(seconds)) * 1000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        text.append(Int(parts.tm_year) + 1900, width: 4)
        text.append("-")
        text.append(Int(parts.tm_mon + 1), width: 2)
        text.append("-")
        text.append(Int(parts.tm_mday), width: 2)
        text.append(" ")
        text.append(Int(parts.tm_hour), width: 2)
        text.append(":")
        text.append(Int(parts.tm_min), width: 2)
        text.append(":")
        text.append(Int(parts.tm_sec), width: 2)
        text.append(".")
        text.append(milliseconds, width: 3)
    }
}
