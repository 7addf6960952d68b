import BackgroundWire
import CProcessControl
import Foundation
import Synchronization

/// The thread that starts the app's processes. The kernel's parent-death signal, which ends an
/// app process whose system has gone, follows the *thread* that started the process — and the
/// threads of Swift's shared pool come and go — so the processes are started here
/// (`posix_spawn`), on a thread that lives until ``stop()``.
///
/// Between starts the thread waits with no deadline, and each process is reaped by a thread of
/// its own blocked in `waitpid` until the process ends: a system whose app process lives on,
/// frozen or not, is never woken by them (swift-subprocess's `run`, used before, looked for its
/// task's cancellation once a second for as long as the process lived).
package final class SpawningThread: Sendable {
    /// How an app's process ended.
    package enum ProcessEnd: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        /// The end could not be read: the error's words.
        case unreadable(String)

        /// How it ended, as the console says it: “signal 9 (Killed)”.
        package var description: String {
            switch self {
            case .signaled(let signal): "signal \(signal) (\(String(cString: strsignal(signal))))"
            case .exited(let code): "exit status \(code)"
            case .unreadable(let error): "an end waitpid could not read (\(error))"
            }
        }
    }

    /// Why a process did not start: the system's words for the error number.
    package struct SpawnFailure: Error, CustomStringConvertible {
        let errorNumber: Int32
        package var description: String { String(cString: strerror(errorNumber)) }
    }

    private let requests = Mutex<(queue: [@Sendable () -> Void], isStopped: Bool)>(([], false))
    private let requestArrived = DispatchSemaphore(value: 0)
    private let kernelThreadID = Atomic<Int32>(0)

    /// Starts the thread and returns once it runs.
    package init() {
        let running = DispatchSemaphore(value: 0)
        Thread { [self] in
            ThreadName.set("app-spawner")
            kernelThreadID.store(backgrounder_thread_id(), ordering: .releasing)
            running.signal()
            while let request = nextRequest() { request() }
        }.start()
        running.wait()
    }

    /// The kernel's ID of the thread, for tests that read its counters in /proc.
    package var threadID: Int32 { kernelThreadID.load(ordering: .acquiring) }

    /// Starts `executable` with `arguments`, `standardInput` as its standard input and
    /// `descriptor3`, if any, as its descriptor 3 (the caller keeps its own descriptors), and
    /// this process's output and errors, from the spawning
    /// thread, and waits for the start: the process's ID, or why it did not start. `ended` gets,
    /// once for a process that started, its ID and how it ended once it is reaped.
    package func spawn(
        _ executable: String, arguments: [String], standardInput: Int32, descriptor3: Int32? = nil,
        ended: @escaping @Sendable (Int32, ProcessEnd) -> Void
    ) -> Result<Int32, SpawnFailure> {
        let result = Mutex<Result<Int32, SpawnFailure>>(.failure(SpawnFailure(errorNumber: ECANCELED)))
        let done = DispatchSemaphore(value: 0)
        let queued = requests.withLock { requests -> Bool in
            guard !requests.isStopped else { return false }
            requests.queue.append {
                let started = Self.start(executable, arguments: arguments, standardInput: standardInput, descriptor3: descriptor3)
                result.withLock { $0 = started }
                done.signal()
            }
            return true
        }
        guard queued else { return .failure(SpawnFailure(errorNumber: ECANCELED)) }
        requestArrived.signal()
        done.wait()
        let started = result.withLock { $0 }
        if case .success(let pid) = started { reap(pid, then: ended) }
        return started
    }

    /// Ends the thread after the starts asked for; the processes it started keep their reapers.
    package func stop() {
        requests.withLock { $0.isStopped = true }
        requestArrived.signal()
    }

    private func nextRequest() -> (@Sendable () -> Void)? {
        while true {
            let (request, isStopped) = requests.withLock { requests in
                (requests.queue.isEmpty ? nil : requests.queue.removeFirst(), requests.isStopped)
            }
            if let request { return request }
            if isStopped { return nil }
            requestArrived.wait()
        }
    }

    private static func start(
        _ executable: String, arguments: [String], standardInput: Int32, descriptor3: Int32?
    ) -> Result<Int32, SpawnFailure> {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: Int32 = 0
        let error = backgrounder_spawn(executable, argv, standardInput, descriptor3 ?? -1, &pid)
        return error == 0 ? .success(pid) : .failure(SpawnFailure(errorNumber: error))
    }

    /// Waits for process `pid` on a thread of its own, blocked until the process ends.
    private func reap(_ pid: Int32, then ended: @escaping @Sendable (Int32, ProcessEnd) -> Void) {
        Thread {
            ThreadName.set("app-reaper")
            var status: Int32 = 0
            var signal: Int32 = 0
            let error = backgrounder_wait_for_exit(pid, &status, &signal)
            if error != 0 {
                ended(pid, .unreadable(String(cString: strerror(error))))
            } else {
                ended(pid, signal != 0 ? .signaled(signal) : .exited(status))
            }
        }.start()
    }
}
