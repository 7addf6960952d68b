import BackgroundWire
import Foundation

/// Holds the app's process to its memory limit with the kernel's memory controller, as iOS's
/// per-process limit holds an app: the process is in a memory cgroup with the limit. Over it,
/// the kernel reclaims what it can, then kills the process (its OOM killer) and counts it in
/// the cgroup's `oom_kill`.
///
/// With cgroup v2 it is the freezer's cgroup itself (`memory.max`, `memory.events`), where the
/// memory controller is enabled for it; with v1's memory hierarchy (a hybrid system) a cgroup
/// of its own under this process's (`memory.limit_in_bytes`, `memory.oom_control`).
package final class MemoryCgroup: Sendable {
    /// `cgroup v2` or `cgroup v1`.
    package let version: String
    /// The app's memory cgroup.
    package let directory: String
    private let limitFile: String
    private let eventsFile: String
    /// Whether the cgroup is this type's own, to remove at the end (v1).
    private let isOwn: Bool

    private init(version: String, directory: String, limitFile: String, eventsFile: String, isOwn: Bool) {
        self.version = version
        self.directory = directory
        self.limitFile = limitFile
        self.eventsFile = eventsFile
        self.isOwn = isOwn
    }

    /// The memory cgroup of the app's process, limited to `limit` bytes: the v2 cgroup
    /// `freezerDirectory` if its memory controller is on, else a new one in v1's memory
    /// hierarchy; or why there is none.
    package static func make(limit: Int, freezerDirectory: String?) -> Result<MemoryCgroup, ProcessFreezerError> {
        make(freezerDirectory: freezerDirectory).flatMap { group in
            guard group.write(String(limit), to: group.limitFile) else {
                let reason = String(cString: strerror(errno))
                group.close()
                return .failure(ProcessFreezerError(description: "cannot set \(group.limitFile) of \(group.directory): \(reason)"))
            }
            // iOS has no swap: over the limit is over it.
            _ = group.write("0", to: "memory.swap.max")
            return .success(group)
        }
    }

    private static func make(freezerDirectory: String?) -> Result<MemoryCgroup, ProcessFreezerError> {
        if let freezerDirectory, access(freezerDirectory + "/memory.max", W_OK) == 0 {
            return .success(MemoryCgroup(
                version: "cgroup v2", directory: freezerDirectory, limitFile: "memory.max", eventsFile: "memory.events",
                isOwn: false))
        }
        guard let mount = Cgroups.mount(of: "cgroup", option: "memory"),
            let own = Cgroups.ownGroup(matching: { $0.split(separator: ":").dropFirst().first?.split(separator: ",").contains("memory") ?? false })
        else {
            return .failure(ProcessFreezerError(description: "no memory controller: cgroup v2's is off for the app's cgroup, and no cgroup v1 memory hierarchy is mounted"))
        }
        let parent = mount + (own == "/" ? "" : own)
        for abandoned in Cgroups.abandoned(in: parent) { rmdir(abandoned) }
        let directory = parent + "/" + Cgroups.next()
        guard mkdir(directory, 0o755) == 0 || errno == EEXIST, access(directory + "/memory.limit_in_bytes", W_OK) == 0 else {
            let reason = String(cString: strerror(errno))
            rmdir(directory)
            return .failure(ProcessFreezerError(description: "cannot make the memory cgroup \(directory): \(reason)"))
        }
        return .success(MemoryCgroup(
            version: "cgroup v1", directory: directory, limitFile: "memory.limit_in_bytes", eventsFile: "memory.oom_control",
            isOwn: true))
    }

    /// Moves process `pid` into the cgroup.
    package func adopt(_ pid: Int32) throws(ProcessFreezerError) {
        guard write("\(pid)", to: "cgroup.procs") else {
            throw ProcessFreezerError(description: "cannot move process \(pid) into \(directory): \(String(cString: strerror(errno)))")
        }
    }

    /// The processes the kernel has killed for going over the limit, so far.
    package var oomKills: Int {
        guard let events = try? String(contentsOfFile: directory + "/" + eventsFile, encoding: .utf8) else { return 0 }
        return events.split(separator: "\n").lazy.compactMap { line -> Int? in
            let fields = line.split(separator: " ")
            return fields.count == 2 && fields[0] == "oom_kill" ? Int(fields[1]) : nil
        }.first ?? 0
    }

    package func close() {
        if isOwn { rmdir(directory) }
    }

    private func write(_ value: String, to file: String) -> Bool {
        Cgroups.write(value, to: directory + "/" + file)
    }
}
