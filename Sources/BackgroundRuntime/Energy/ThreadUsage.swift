import Foundation

/// What one thread of this process has used, read from `/proc/self/task`: its CPU time and,
/// where read, its wake-ups.
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
    static func wakeUps(ofThread id: Int32, inProcess pid: Int32? = nil) -> Int? {
        let process = pid.map(String.init) ?? "self"
        guard let status = try? String(contentsOfFile: "/proc/\(process)/task/\(id)/status", encoding: .utf8) else { return nil }
        return parseWakeUps(status: status)
    }

    /// The number on the `voluntary_ctxt_switches:` line of a `status` file.
    static func parseWakeUps(status: String) -> Int? {
        let key = "voluntary_ctxt_switches:"
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return nil }
        return Int(line.dropFirst(key.count).trimmingCharacters(in: .whitespaces))
    }

    /// Every thread of the calling process now; a thread that ends while it is read is left out.
    public static func threadsOfThisProcess() -> [ThreadUsage] {
        threads(inTaskDirectory: "/proc/self/task")
    }

    /// Every thread of process `pid` now, with its wake-ups; none once it has ended.
    static func threads(ofProcess pid: Int32) -> [ThreadUsage] {
        threads(inTaskDirectory: "/proc/\(pid)/task").map { thread in
            var thread = thread
            thread.wakeUps = wakeUps(ofThread: thread.id, inProcess: pid) ?? 0
            return thread
        }
    }

    private static func threads(inTaskDirectory path: String) -> [ThreadUsage] {
        let tasks = URL(fileURLWithPath: path)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: tasks.path) else { return [] }
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        return names.compactMap { entry in
            guard let id = Int32(entry),
                let stat = try? String(contentsOfFile: tasks.appendingPathComponent("\(entry)/stat").path, encoding: .utf8)
            else { return nil }
            return parse(stat: stat, id: id, ticksPerSecond: ticksPerSecond)
        }
    }

    /// Reads a `/proc/PID/task/TID/stat` line: `tid (comm) state …`, utime and stime being the
    /// 14th and 15th fields. The name may hold spaces and parentheses, so it ends at the last
    /// `)`.
    static func parse(stat: String, id: Int32, ticksPerSecond: Double) -> ThreadUsage? {
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"), open < close else { return nil }
        let name = String(stat[stat.index(after: open)..<close])
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is the state (field 3): utime is field 14, stime field 15.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return ThreadUsage(id: id, name: name, cpuSeconds: (user + system) / ticksPerSecond)
    }

    /// The calling thread's kernel identifier, from `/proc/thread-self` (a link to
    /// `PID/task/TID`); 0 if it cannot be read.
    public static var currentThreadID: Int32 {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
        return target.split(separator: "/").last.flatMap { Int32($0) } ?? 0
    }
}
