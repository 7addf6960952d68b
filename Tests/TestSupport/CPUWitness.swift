import BackgroundRuntimeTesting
import Foundation

/// A shell that spins at the lowest priority, as the spinners the freezer tests freeze do: the
/// CPU time it gets is the event a test waits for before it asserts that a frozen spinner got
/// none. The scheduler shares the cores between equals, so once the witness has run for a
/// while, a spinner that was not really frozen would have run too — no sleep that hopes
/// enough time passed.
///
/// Make one per test and ``stop()`` it (a `defer` right after making it); it ends by itself
/// when the test process is gone.
public final class CPUWitness {
    private let process = Process()

    public init() throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "renice -n 19 $$ >/dev/null; while read -r _ _ _ parent _ < /proc/$$/stat && [ $parent = $PPID ]; do :; done"]
        // Not the test runner's output: a spinner holding that pipe would keep `swift test`
        // waiting for its end.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// The witness's CPU time so far, in clock ticks.
    public var ticks: Int { Self.ticks(of: process.processIdentifier) ?? 0 }

    /// Waits until the witness has used `count` more clock ticks of CPU than now (a tick is
    /// 10 ms); false if that takes longer than `timeout`.
    public func waitForTicks(_ count: Int, timeout: Duration = hangBound) async -> Bool {
        let start = ticks
        return await waitUntil(timeout: timeout) { ticks >= start + count }
    }

    /// Kills the witness.
    public func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The user and system CPU time of process `pid` (all its threads), in clock ticks; nil
    /// once it is gone.
    public static func ticks(of pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12 else { return nil }
        return Int(fields[11]).flatMap { user in Int(fields[12]).map { user + $0 } }
    }
}
