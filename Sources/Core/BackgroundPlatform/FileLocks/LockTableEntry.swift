import BackgroundWire

/// One held lock in the kernel's lock table, `/proc/locks`:
/// `1: FLOCK  ADVISORY  WRITE 4242 08:01:1234567 0 EOF`.
package struct LockTableEntry: Sendable, Hashable {
    package let kind: FileLock.Kind
    package let isExclusive: Bool
    /// The holder's process ID; -1 for an open file description lock, which no process owns.
    package let pid: Int32
    package let device: FileIdentity

    /// The entry of `line`; nil for a lock that is only waited for (`->`), a kind that is not
    /// a lock a file keeps (a lease, a delegation) and a line it cannot read.
    init?(line: Substring) {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 6, fields[0].hasSuffix(":"), fields[1] != "->" else { return nil }
        switch fields[1] {
        case "POSIX": kind = .posix
        case "FLOCK": kind = .flock
        case "OFDLCK": kind = .openFileDescription
        default: return nil
        }
        switch fields[3] {
        case "WRITE": isExclusive = true
        case "READ": isExclusive = false
        default: return nil
        }
        let numbers = fields[5].split(separator: ":")
        guard let pid = Int32(fields[4]), numbers.count == 3,
            let major = UInt32(numbers[0], radix: 16), let minor = UInt32(numbers[1], radix: 16),
            let inode = UInt64(numbers[2])
        else { return nil }
        self.pid = pid
        device = FileIdentity(major: major, minor: minor, inode: inode)
    }

    /// The held locks of the table `text`, skipping what ``init(line:)`` skips.
    package static func entries(of text: String) -> [LockTableEntry] {
        text.split(separator: "\n").compactMap(LockTableEntry.init(line:))
    }
}
