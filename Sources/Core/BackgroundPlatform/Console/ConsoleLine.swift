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

    /// The local zone's offsets of every console's stamps.
    package static let localOffset = LocalTimeOffset()

    /// `yyyy-MM-dd HH:mm:ss.SSS` in the local time zone, or in the zone whose offsets `offset`
    /// looks up.
    package static func timestamp(_ date: Date, offset: LocalTimeOffset = localOffset) -> String {
        var text = TextBytes(capacity: timestampLength)
        appendTimestamp(date, offset: offset, to: &text)
        return text.string
    }

    /// Appends `yyyy-MM-dd HH:mm:ss.SSS` in the local time zone, digit by digit (a year before 0
    /// has its sign, one after 9999 its fifth digit): the zone's offset then, applied to the
    /// UTC time by arithmetic (`CivilDate`).
    private static func appendTimestamp(_ date: Date, offset: LocalTimeOffset = localOffset, to text: inout TextBytes) {
        let interval = date.timeIntervalSince1970
        let utcSecond = Int(interval.rounded(.down))
        let milliseconds = Int((interval - Double(utcSecond)) * 1000)
        let local = CivilDate.dateAndTime(second: utcSecond + offset.secondsFromGMT(at: utcSecond))
        text.append(local.year, width: 4)
        text.append("-")
        text.append(local.month, width: 2)
        text.append("-")
        text.append(local.day, width: 2)
        text.append(" ")
        text.append(local.hour, width: 2)
        text.append(":")
        text.append(local.minute, width: 2)
        text.append(":")
        text.append(local.second, width: 2)
        text.append(".")
        text.append(milliseconds, width: 3)
    }
}
