@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Foundation
import Synchronization
import Testing

/// The thread that starts the app's processes, and their reapers: a process that lives on costs
/// the system no wake-up (issue 43: swift-subprocess's `run` woke the spawning thread once a
/// second for as long as the app's process lived); each end is read once, as its kind.
@Suite("Starting and reaping the app's processes")
struct SpawningThreadTests {
    /// Spawns `arguments` with a socket as standard input (and `descriptor3` as descriptor 3);
    /// returns its ID and how it ends.
    private func run(
        _ spawner: SpawningThread, _ executable: String, _ arguments: [String], descriptor3: Int32? = nil,
        whileRunning: (Int32) -> Void = { _ in }
    ) async throws -> (Int32, SpawningThread.ProcessEnd) {
        var ends: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        defer { close(ends[0]) }
        let (stream, continuation) = AsyncStream.makeStream(of: SpawningThread.ProcessEnd.self)
        let spawned = spawner.spawn(executable, arguments: arguments, standardInput: ends[1], descriptor3: descriptor3) { _, end in
            continuation.yield(end)
            continuation.finish()
        }
        close(ends[1])
        let pid = try spawned.get()
        whileRunning(pid)
        var iterator = stream.makeAsyncIterator()
        return (pid, try #require(await iterator.next()))
    }

    /// The voluntary context switches (wake-ups) of thread `tid` of this process so far.
    private func wakeups(ofThread tid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/task/\(tid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") })
        return try #require(Int(line.split(separator: "\t").last ?? ""))
    }

    @Test func aProcessThatLivesOnWakesTheSpawningThreadNoMore() async throws {
        let spawner = SpawningThread()
        defer { spawner.stop() }
        let before = Mutex(0)
        let (_, end) = try await run(spawner, "/bin/sleep", ["2.5"]) { _ in
            before.withLock { $0 = (try? wakeups(ofThread: spawner.threadID)) ?? 0 }
        }
        #expect(end == .exited(0))
        // At most the one wait that follows the start; a poll once a second would add two.
        #expect(try wakeups(ofThread: spawner.threadID) - before.withLock { $0 } <= 1)
    }

    @Test func eachEndIsReadAsItsKind() async throws {
        let spawner = SpawningThread()
        defer { spawner.stop() }
        #expect(try await run(spawner, "/bin/sh", ["-c", "exit 3"]).1 == .exited(3))
        let (_, killed) = try await run(spawner, "/bin/sleep", ["30"]) { pid in kill(pid, SIGKILL) }
        #expect(killed == .signaled(SIGKILL))
        let missing = spawner.spawn("/nonexistent/backgrounder", arguments: [], standardInput: 0) { _, _ in }
        #expect(throws: SpawningThread.SpawnFailure.self) { try missing.get() }
        #expect((try? missing.get()) == nil)
        if case .failure(let failure) = missing { #expect(failure.description == "No such file or directory") }
    }

    @Test func onlyStandardInputOutputAndErrorsReachTheProcess() async throws {
        let spawner = SpawningThread()
        defer { spawner.stop() }
        let open = dup(2)  // not close-on-exec
        defer { close(open) }
        let (_, end) = try await run(spawner, "/bin/sh", ["-c", "test -e /proc/$$/fd/0 && test ! -e /proc/$$/fd/\(open)"])
        #expect(end == .exited(0), "descriptor \(open) of the system must not reach the app's process")
    }

    /// The answers' socket (``AnswerSocket``) reaches the app's process as its descriptor 3.
    @Test func aDescriptorGivenAsTheThirdReachesTheProcessAsDescriptor3AndNothingBesideIt() async throws {
        let spawner = SpawningThread()
        defer { spawner.stop() }
        let given = dup(2)
        defer { close(given) }
        let script = "test -e /proc/$$/fd/3 && test ! -e /proc/$$/fd/4 && test ! -e /proc/$$/fd/\(given)"
        let (_, end) = try await run(spawner, "/bin/sh", ["-c", script], descriptor3: given)
        #expect(end == .exited(0), "descriptor \(given) reaches the process as 3, and as nothing else")
    }
}
