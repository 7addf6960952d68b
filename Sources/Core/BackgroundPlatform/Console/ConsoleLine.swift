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
        let pid = String(pid)
        var text = ""
        text.reserveCapacity(Self.timestampLength + process.utf8.count + pid.utf8.count + message.utf8.count + 4)
        text += Self.timestamp(date)
        text += " "
        text += process
        text += "["
        text += pid
        text += "] "
        text += message
        return text
    }

    /// The length of a ``timestamp(_:)``.
    private static let timestampLength = 23

    /// `yyyy-MM-dd HH:mm:ss.SSS` in the local time zone, written digit by digit into one buffer:
    /// each line of the console has one, and strings made part by part cost more than the rest
    /// of the line's way to the terminal.
    package static func timestamp(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = time_t(interval.rounded(.down))
        let milliseconds = Int32((interval - Double(seconds)) * 1000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        guard (0...9999).contains(parts.tm_year + 1900) else {
            // A year of more than four digits (or before year 0) does not fit the buffer.
            return String(format: "%04d-%02d-%02d %02d:%02d:%02d.%03d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                parts.tm_hour, parts.tm_min, parts.tm_sec, milliseconds)
        }
        return String(unsafeUninitializedCapacity: timestampLength) { buffer in
            var index = 0
            func put(_ value: Int32, digits: Int) {
                var rest = value
                for offset in (0..<digits).reversed() {
                    buffer[index + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                index += digits
            }
            func put(_ separator: Unicode.Scalar) {
                buffer[index] = UInt8(ascii: separator)
                index += 1
            }
            put(parts.tm_year + 1900, digits: 4)
            put("-")
            put(parts.tm_mon + 1, digits: 2)
            put("-")
            put(parts.tm_mday, digits: 2)
            put(" ")
            put(parts.tm_hour, digits: 2)
            put(":")
            put(parts.tm_min, digits: 2)
            put(":")
            put(parts.tm_sec, digits: 2)
            put(".")
            put(milliseconds, digits: 3)
            return index
        }
    }
}
