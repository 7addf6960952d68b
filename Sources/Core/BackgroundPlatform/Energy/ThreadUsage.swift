import BackgroundWire
import CProcessControl
import Foundation

/// What one thread of this process has used, read from `/proc/self/task`: its CPU time and,
/// where read, its wake-ups.
///
/// The energy meter reads every thread of the app at each suspension and each wake, on the
/// path of the event that woke the app, so the files are read into one reused buffer and
/// scanned as bytes, without decoding them into strings (`ProcFileReader`).
public struct ThreadUsage: Sendable, Equatable {
    /// The kernel's thread identifier.
    public var id: Int32
    /// The thread's name (`comm`, at most 15 bytes).
    public var name: String
    /// User and system CPU time, in seconds.
    public var cpuSeconds: Double
    /// Voluntary context switches (the thread waited and was woken); 0 where not read.
    public var wakeUps: Int

    public init(id: Int32, name: String, cpuSeconds: Double, wakeUps: Int = 0) {
        self.id = id
        self.name = name
        self.cpuSeconds = cpuSeconds
        self.wakeUps = wakeUps
    }

    /// The voluntary context switches of thread `id` of this process, from the
    /// `voluntary_ctxt_switches` line of `/proc/self/task/ID/status`; nil when it has ended.
    package static func wakeUps(ofThread id: Int32) -> Int? {
        var reader = ProcFileReader()
        return reader.read("/proc/self/task/\(id)/status").flatMap(parseWakeUps(status:))
    }

    /// The number on the `voluntary_ctxt_switches:` line of a `status` file.
    package static func parseWakeUps(status: some Collection<UInt8>) -> Int? {
        ProcFileReader.number(after: "voluntary_ctxt_switches:", atLineStartIn: status)
    }

    /// Every thread of the calling process now; a thread that ends while it is read is left out.
    public static func threadsOfThisProcess() -> [ThreadUsage] {
        threads(inTaskDirectory: "/proc/self/task", withWakeUps: false)
    }

    /// Every thread of process `pid` now, with its wake-ups; none once it has ended.
    package static func threads(ofProcess pid: Int32) -> [ThreadUsage] {
        threads(inTaskDirectory: "/proc/\(pid)/task", withWakeUps: true)
    }

    private static func threads(inTaskDirectory path: String, withWakeUps: Bool) -> [ThreadUsage] {
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        var reader = ProcFileReader()
        return ProcFileReader.numericEntries(ofDirectory: path).compactMap { id in
            // The stat line is parsed before the next read reuses the buffer (a slice still held
            // would have it copied).
            guard var thread = reader.read("\(path)/\(id)/stat").flatMap({ parse(stat: $0, id: id, ticksPerSecond: ticksPerSecond) })
            else { return nil }
            if withWakeUps { thread.wakeUps = reader.read("\(path)/\(id)/status").flatMap(parseWakeUps(status:)) ?? 0 }
            return thread
        }
    }

    /// Reads a `/proc/PID/task/TID/stat` line: `tid (comm) state …`, utime and stime being the
    /// 14th and 15th fields. The name may hold spaces and parentheses, so it ends at the last
    /// `)`. The fields are scanned in place: the meter reads a line per thread at every
    /// suspension and wake, and splitting it would allocate an array of fields for two numbers.
    static func parse(stat: some BidirectionalCollection<UInt8>, id: Int32, ticksPerSecond: Double) -> ThreadUsage? {
        guard let open = stat.firstIndex(of: UInt8(ascii: "(")), let close = stat.lastIndex(of: UInt8(ascii: ")")),
            open < close
        else { return nil }
        let name = String(decoding: stat[stat.index(after: open)..<close], as: UTF8.self)
        // After the name, field 0 is the state (field 3 of the line): utime is 11, stime 12.
        var field = -1, digits = 0, value = 0
        var user: Int?, system: Int?
        var inField = false
        for byte in stat[stat.index(after: close)...] {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") {
                if inField, field == 11 { user = value }
                if inField, field == 12 {
                    system = value
                    break
                }
                inField = false
                continue
            }
            if !inField { (inField, field, digits, value) = (true, field + 1, 0, 0) }
            guard field == 11 || field == 12 else { continue }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
            (digits, value) = (digits + 1, value * 10 + Int(byte - UInt8(ascii: "0")))
        }
        if inField, field == 12, system == nil { system = value }  // the line ended inside stime
        guard let user, let system else { return nil }
        return ThreadUsage(id: id, name: name, cpuSeconds: Double(user + system) / ticksPerSecond)
    }

    /// The calling thread's kernel identifier (`gettid`).
    public static var currentThreadID: Int32 { backgrounder_thread_id() }
}
