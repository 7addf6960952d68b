@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Foundation
import TestSupport
import Testing

@Suite("The kernel's freezers")
struct ProcessFreezerTests {
    /// A shell that counts as fast as it can, at the lowest priority (the tests beside it need
    /// the CPU more), until the test process is gone: a test process killed midway leaves no
    /// spinner behind.
    private func startSpinner() throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "renice -n 19 $$ >/dev/null; while read -r _ _ _ parent _ < /proc/$$/stat && [ $parent = $PPID ]; do :; done"]
        // Not the test runner's output: a spinner holding that pipe would keep `swift test`
        // waiting for its end.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// User and system CPU time of `pid`, in clock ticks.
    private nonisolated func cpuTicks(_ pid: Int32) -> Int {
        CPUWitness.ticks(of: pid) ?? 0
    }

    /// Runs `body`, which may block, on a thread of Dispatch's: no thread of Swift's few
    /// cooperative ones waits for the kernel.
    private func offThePool(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                body()
                continuation.resume()
            }
        }
    }

    /// A spinner that `freezer` holds, which has run and is frozen now; the caller kills it.
    private func frozenSpinner(in freezer: any ProcessFreezer) async throws -> Process {
        let spinner = try startSpinner()
        let pid = spinner.processIdentifier
        do {
            try freezer.adopt(pid)
        } catch {
            kill(pid, SIGKILL)
            throw error
        }
        #expect(await waitUntil { cpuTicks(pid) > 0 }, "it runs")
        await offThePool { freezer.freeze(pid) }
        return spinner
    }

    /// Freezes a spinning process with `freezer`: its CPU time stands still until it is thawed;
    /// then it is killed.
    private func check(_ freezer: any ProcessFreezer, isFrozen: @escaping @Sendable (Int32) -> Bool) async throws {
        let spinner = try await frozenSpinner(in: freezer)
        let pid = spinner.processIdentifier
        // Whatever fails, the spinner does not outlive the test.
        defer { kill(pid, SIGKILL) }
        #expect(isFrozen(pid))
        let frozenAt = cpuTicks(pid)
        // A spinner of the same priority runs a fifth of a second of CPU: the frozen one, were
        // it running, would have had its share meanwhile.
        let witness = try CPUWitness()
        defer { witness.stop() }
        #expect(await witness.waitForTicks(20), "the witness runs")
        #expect(cpuTicks(pid) == frozenAt)
        await offThePool { freezer.thaw(pid) }
        #expect(!isFrozen(pid))
        #expect(await waitUntil { cpuTicks(pid) > frozenAt })
        await offThePool {
            freezer.freeze(pid)
            freezer.kill(pid)
        }
        #expect(await waitUntil { !spinner.isRunning })
        #expect(spinner.terminationReason == .uncaughtSignal && spinner.terminationStatus == SIGKILL)
        freezer.close()
    }

    @Test func sigstopStopsEveryThreadAndSigkillEndsAStoppedProcess() async throws {
        try await check(SignalFreezer()) { SignalFreezer.state(of: $0) == "T" }
    }

    @Test(.enabled(if: Self.hasCgroupFreezer, "no writable cgroup v2 freezer here"))
    func theCgroupFreezerFreezesItsCgroupAndCgroupKillEndsIt() async throws {
        let freezer = try CgroupFreezer.make().get()
        try await check(freezer) { _ in freezer.isFrozen }
        #expect(!FileManager.default.fileExists(atPath: freezer.directory), "its cgroup is removed")
    }

    /// The energy meter's reader keeps a frozen app's threads as read once the kernel froze it
    /// (its cgroup's CPU time stands still), and reads them again once the app has run.
    @Test(.enabled(if: Self.hasCgroupFreezer, "no writable cgroup v2 freezer here"))
    func aFrozenAppsReadingHoldsUntilItsCgroupRunsAgain() async throws {
        let freezer = try CgroupFreezer.make().get()
        defer { freezer.close() }
        let pid = try await frozenSpinner(in: freezer).processIdentifier
        defer { kill(pid, SIGKILL) }
        #expect(AppProcessUsageSource.usageMicroseconds(inCPUStat: freezer.directory + "/cpu.stat") ?? 0 > 0)
        let source = AppProcessUsageSource(appProcess: { pid }, cgroupDirectory: freezer.directory)
        _ = source.appThreads()
        let frozen = source.sampleWithAppThreads()
        #expect(frozen.appThreads.map(\.id) == [pid])
        #expect(frozen.sample.appCPUSeconds > 0)
        #expect(source.sampleWithAppThreads().appThreads == frozen.appThreads)
        await offThePool { freezer.thaw(pid) }
        #expect(await waitUntil { source.sample().appCPUSeconds > frozen.sample.appCPUSeconds }, "the run is read")
        await offThePool { freezer.kill(pid) }
    }

    /// Whether this machine lets the tests make a cgroup freezer (as root with cgroup v2).
    static var hasCgroupFreezer: Bool {
        guard let freezer = try? CgroupFreezer.make().get() else { return false }
        freezer.close()
        return true
    }
}
