import BackgroundWire
import Foundation

/// Freezes the app's process with SIGSTOP and thaws it with SIGCONT, as Ubuntu Touch's app
/// launcher did: for machines where no cgroup v2 freezer is writable.
package struct SignalFreezer: ProcessFreezer {
    package var kind: FreezerKind { .sigstop }

    package func adopt(_ pid: Int32) throws(ProcessFreezerError) {}

    package func freeze(_ pid: Int32) {
        guard Glibc.kill(pid, SIGSTOP) == 0 else { return }
        // The stop is done once the kernel says the process is stopped (`T` in its stat).
        waitUntil(pid, isStopped: true)
    }

    package func thaw(_ pid: Int32) {
        guard Glibc.kill(pid, SIGCONT) == 0 else { return }
        waitUntil(pid, isStopped: false)
    }

    package func kill(_ pid: Int32) {
        _ = Glibc.kill(pid, SIGKILL)
    }

    package func close() {}

    /// Reads the state of `pid` until it is (or is no longer) stopped, for at most a second.
    private func waitUntil(_ pid: Int32, isStopped: Bool) {
        let deadline = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < deadline {
            guard let state = Self.state(of: pid) else { return }
            if (state == "T") == isStopped { return }
            sched_yield()
        }
    }

    /// The one-letter state of `pid` from `/proc/PID/stat`; nil when it is gone.
    package static func state(of pid: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].first { $0 != " " }
    }

    package init() {
    }
}
