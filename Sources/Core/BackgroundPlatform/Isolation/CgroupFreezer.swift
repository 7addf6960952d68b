import BackgroundWire
import Foundation

/// Freezes the app's process with the cgroup v2 freezer: the process lives in a cgroup of its
/// own, a child of the system's, and `cgroup.freeze` stops or resumes every thread in it;
/// `cgroup.events` says when they are all stopped (`frozen 1`), and `cgroup.kill` ends them.
package final class CgroupFreezer: ProcessFreezer {
    package var kind: FreezerKind { .cgroup }
    /// The app's cgroup.
    package let directory: String

    private init(directory: String) {
        self.directory = directory
    }

    /// A freezer with a new cgroup under the one this process runs in, or why there can be
    /// none here (no cgroup v2 hierarchy, no freezer, no right to make a cgroup).
    package static func make() -> Result<CgroupFreezer, ProcessFreezerError> {
        guard let mount = Cgroups.mount(of: "cgroup2") else {
            return .failure(ProcessFreezerError(description: "no cgroup v2 hierarchy is mounted"))
        }
        guard let own = Cgroups.ownGroup(matching: { $0.hasPrefix("0::") }) else {
            return .failure(ProcessFreezerError(description: "this process is in no cgroup v2 group"))
        }
        let parent = mount + (own == "/" ? "" : own)
        removeAbandonedCgroups(in: parent)
        let directory = parent + "/" + Cgroups.next()
        if mkdir(directory, 0o755) != 0 && errno != EEXIST {
            return .failure(ProcessFreezerError(description: "cannot make \(directory): \(String(cString: strerror(errno)))"))
        }
        guard access(directory + "/cgroup.freeze", W_OK) == 0, access(directory + "/cgroup.procs", W_OK) == 0 else {
            rmdir(directory)
            return .failure(ProcessFreezerError(description: "\(directory) has no writable cgroup.freeze (a kernel before 5.2, or no right)"))
        }
        return .success(CgroupFreezer(directory: directory))
    }

    package func adopt(_ pid: Int32) throws(ProcessFreezerError) {
        guard write("\(pid)", to: "cgroup.procs") else {
            throw ProcessFreezerError(description: "cannot move process \(pid) into \(directory): \(String(cString: strerror(errno)))")
        }
    }

    package func freeze(_ pid: Int32) {
        guard write("1", to: "cgroup.freeze") else { return }
        waitForEvent("frozen 1")
    }

    package func thaw(_ pid: Int32) {
        guard write("0", to: "cgroup.freeze") else { return }
        waitForEvent("frozen 0")
    }

    package func kill(_ pid: Int32) {
        // cgroup.kill is new in Linux 5.14; SIGKILL ends a frozen process as well.
        if !write("1", to: "cgroup.kill"), pid > 0 { _ = Glibc.kill(pid, SIGKILL) }
    }

    package func close() {
        rmdir(directory)
    }

    /// The number in the `frozen` line of `cgroup.events`: 1 once every thread is stopped.
    package var isFrozen: Bool {
        (try? String(contentsOfFile: directory + "/cgroup.events", encoding: .utf8))?
            .split(separator: "\n").contains("frozen 1") ?? false
    }

    /// Reads `cgroup.events` until it has `line`, for at most ten seconds (a loaded machine can
    /// take more than one to stop every thread; the link's own queue waits, never the system).
    /// The kernel sends its POLLPRI from a work queue, milliseconds late at times, while the file
    /// itself changes within microseconds (scripts/benchmark-freezer): it is read again at once
    /// for 2 ms, then on each signal or millisecond.
    private func waitForEvent(_ line: Substring) {
        let descriptor = open(directory + "/cgroup.events", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { Glibc.close(descriptor) }
        let start = ContinuousClock.now
        var buffer = [UInt8](repeating: 0, count: 256)
        while ContinuousClock.now - start < .seconds(10) {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            if String(decoding: buffer[..<count], as: UTF8.self).split(separator: "\n").contains(line) { return }
            if ContinuousClock.now - start < .milliseconds(2) {
                sched_yield()
            } else {
                var poll = pollfd(fd: descriptor, events: Int16(POLLPRI), revents: 0)
                _ = Glibc.poll(&poll, 1, 1)
            }
        }
    }

    /// Writes `value` to the cgroup's `file`; whether it was taken.
    private func write(_ value: String, to file: String) -> Bool {
        Cgroups.write(value, to: directory + "/" + file)
    }

    /// Ends what a system that was killed left in its app cgroup (its app process, frozen or
    /// not), and removes the cgroup.
    private static func removeAbandonedCgroups(in parent: String) {
        for directory in Cgroups.abandoned(in: parent) {
            // Once its processes are gone (cgroup.kill) the cgroup can go; if they are still
            // dying, the next start removes it.
            _ = CgroupFreezer(directory: directory).write("1", to: "cgroup.kill")
            rmdir(directory)
        }
    }
}
