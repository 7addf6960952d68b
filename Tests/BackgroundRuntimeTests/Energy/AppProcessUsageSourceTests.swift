@testable import BackgroundPlatform
@testable import BackgroundSystem
import Foundation
import Synchronization
import TestSupport
import Testing

/// The usage of an app in its own process, read from the kernel (``AppProcessUsageSource``),
/// on a cgroup whose `cpu.stat` the test writes and threads it hands out: the readings' order
/// is the test's.
@Suite("The app's usage, read from its own process", .temporaryDirectory)
struct AppProcessUsageSourceTests {
    /// A reading that began while the app still ran (a `status`'s, the web UI's energy panel's);
    /// the frozen app's, on the link's queue, begins and ends while the first still reads. The
    /// wake then takes up the frozen app's reading, and reads no thread on its path.
    @Test func aReadingThatOverlappedALaterOneDoesNotReplaceIt() async throws {
        let cgroup = TestTemporaryDirectory.make("cgroup")
        let ranUntil = { (microseconds: Int) in
            try "usage_usec \(microseconds)\nuser_usec \(microseconds)\nsystem_usec 0\n"
                .write(to: cgroup.appendingPathComponent("cpu.stat"), atomically: true, encoding: .utf8)
        }
        try ranUntil(100)
        let pid = getpid()
        let reads = Atomic(0)
        let suspensionReads = DispatchSemaphore(value: 0)
        let suspensionMayEnd = DispatchSemaphore(value: 0)
        let source = AppProcessUsageSource(appProcess: { pid }, cgroupDirectory: cgroup.path) { pid in
            let read = reads.add(1, ordering: .relaxed).newValue
            if read == 1 {
                suspensionReads.signal()
                suspensionMayEnd.wait()
            }
            return [ThreadUsage(id: pid, name: "app", cpuSeconds: Double(read), wakeUps: read)]
        }

        async let suspension = onItsOwnThread { source.appThreads() }
        await onItsOwnThread { suspensionReads.wait() }
        // The app ran on until the kernel froze it.
        try ranUntil(150)
        _ = source.appThreads()
        suspensionMayEnd.signal()
        #expect(await suspension.map(\.cpuSeconds) == [1])
        #expect(source.threadReadings == 2)

        let woken = source.appThreads()
        #expect(source.threadReadings == 2, "the wake read the frozen app's threads anew")
        #expect(woken.map(\.cpuSeconds) == [2], "the frozen app's reading")
        // Once the app runs again, its threads are read anew.
        try ranUntil(180)
        #expect(source.appThreads().map(\.cpuSeconds) == [3])
    }
}
