import Foundation
import Synchronization

/// The local time zone's offset from UTC, looked up once a minute for the console's stamps.
///
/// `localtime_r` takes glibc's time-zone lock and checks `TZ` on every call; a console that
/// prints thousands of lines a second paid that on every line. This asks once for a minute and
/// answers every second of that minute from the answer, when the offset is the same at the
/// minute's first and last second; a minute with a change of offset inside it is asked about
/// second by second. A change of the machine's zone shows within a minute.
package final class LocalTimeOffset: Sendable {
    /// The minute looked up last: its first second since 1970 and the offset through it.
    private struct Minute {
        let start: Int
        let secondsFromGMT: Int
    }

    private let lookUp: @Sendable (Int) -> Int
    private let latest = Mutex<Minute?>(nil)

    /// - Parameter lookUp: the offset in seconds at a second since 1970; by default the process's
    ///   local zone's, from `localtime_r`.
    package init(lookUp: @escaping @Sendable (Int) -> Int = LocalTimeOffset.localtime) {
        self.lookUp = lookUp
    }

    /// The offset from UTC, in seconds, at `second` since 1970.
    package func secondsFromGMT(at second: Int) -> Int {
        let start = second - (second % 60 + 60) % 60
        if let minute = latest.withLock({ $0 }), minute.start == start { return minute.secondsFromGMT }
        let offset = lookUp(start)
        guard lookUp(start + 59) == offset else { return lookUp(second) }
        latest.withLock { $0 = Minute(start: start, secondsFromGMT: offset) }
        return offset
    }

    /// The process's local zone's offset at `second`, as `localtime_r` gives it.
    package static func localtime(_ second: Int) -> Int {
        var seconds = time_t(second)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return parts.tm_gmtoff
    }
}
