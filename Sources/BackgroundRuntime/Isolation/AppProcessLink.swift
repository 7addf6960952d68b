import Foundation
import Subprocess
import Synchronization
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// The system's side of `--isolation process`: at each launch it starts the app's own process,
/// sends it the deliveries, answers its calls, has the kernel freeze and thaw it, and ends it
/// with the launch. A process that ends on its own is a crash of the app, never of the system;
/// one the kernel ended for going over its memory limit is the limit's exit.
final class AppProcessLink: Sendable {
    let configuration: AppProcessConfiguration
    let freezer: any ProcessFreezer
    /// The kernel's memory limit on the app's process, where a memory controller is writable.
    let memory: MemoryCgroup?

    private struct Child {
        let pid: Int32
        let channel: FrameChannel
        let launch: Int
        /// The memory cgroup's OOM kills when it started.
        let oomKillsAtStart: Int
        /// Signalled once the process has ended and been reaped.
        let exited: DispatchSemaphore
        /// Whether the system ends it: its exit is no crash then.
        var isEnding = false
    }

    private let child = Mutex<Child?>(nil)
    /// How many jobs the app's process had started at its last call.
    private let jobsStarted = Atomic<Int>(0)
    private let spawner = SpawningThread()
    /// Who waits for the app's process to reach a barrier, by the barrier's number; and
    /// whether the process is frozen, which is as good as reaching it.
    private let barriers = Mutex<(next: Int, waiting: [Int: CheckedContinuation<Void, Never>], isFrozen: Bool)>((1, [:], false))

    init(configuration: AppProcessConfiguration, freezer: any ProcessFreezer, memory: MemoryCgroup?) {
        self.configuration = configuration
        self.freezer = freezer
        self.memory = memory
    }

    /// The app's process, while a launch runs.
    var appPID: Int32? { child.withLock { $0?.pid } }

    /// How many jobs the app's main executor in its process has started, as of its last call.
    var appJobsStarted: Int { jobsStarted.load(ordering: .relaxed) }

    // MARK: Effects

    /// Sends `delivery` for launch `launch`, starting the app's process for a launch's first.
    func deliver(_ delivery: AppDelivery, launch: Int, device: Device) {
        if case .finishLaunching = delivery { start(launch: launch, device: device) }
        guard let message = ProcessDelivery(delivery) else {
            // The activity that held the app for the dropped callback ends with it.
            if case .handler(_, let activity?) = delivery { device.endActivity(activity) }
            device.report(
                .unavailableInOwnProcess,
                "\(delivery) cannot be delivered to the app in its own process yet (--isolation process); run with "
                    + "--isolation thread to have it delivered")
            return
        }
        child.withLock { $0?.launch == launch ? $0?.channel : nil }?.send(.deliver(message, launch: launch))
    }

    func freeze() {
        guard let pid = appPID else { return }
        freezer.freeze(pid)
        barriers.withLock { $0.isFrozen = true }
        releaseBarriers()
    }

    func thaw() {
        guard let pid = appPID else { return }
        barriers.withLock { $0.isFrozen = false }
        freezer.thaw(pid)
    }

    /// Ends the app's process: the launch has ended.
    func endLaunch() {
        let ending = child.withLock { child -> Child? in
            child?.isEnding = true
            defer { child = nil }
            return child
        }
        releaseBarriers()
        guard let ending else { return }
        freezer.kill(ending.pid)
        ending.channel.close()
    }

    /// Returns once the app's process has run the jobs delivered so far, or is frozen; at once
    /// when there is none, or when the launch ends first.
    func barrier() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            guard let (channel, launch) = child.withLock({ $0.map { ($0.channel, $0.launch) } }) else {
                continuation.resume()
                return
            }
            let id = barriers.withLock { barriers -> Int? in
                guard !barriers.isFrozen else { return nil }
                defer { barriers.next += 1 }
                barriers.waiting[barriers.next] = continuation
                return barriers.next
            }
            guard let id else { return continuation.resume() }
            channel.send(.deliver(.barrier(id: id), launch: launch))
        }
    }

    /// The app's process reached barrier `id`.
    func barrierReached(_ id: Int) {
        barriers.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
    }

    private func releaseBarriers() {
        let waiting = barriers.withLock { barriers in
            defer { barriers.waiting.removeAll() }
            return Array(barriers.waiting.values)
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Ends the app's process and waits for it; the freezer gives back its cgroup.
    func stop() {
        let exited = child.withLock { $0?.exited }
        endLaunch()
        exited?.wait()
        spawner.stop()
        freezer.close()
        memory?.close()
    }

    // MARK: The app's process

    private func start(launch: Int, device: Device) {
        endLaunch()
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            device.crash("cannot make the socket to the app's process: \(String(cString: strerror(errno)))")
            return
        }
        let channel = FrameChannel(descriptor: ends[0])
        let exited = DispatchSemaphore(value: 0)
        let spawned = spawn(standardInput: ends[1]) { [weak self, weak device] pid, end in
            defer { exited.signal() }
            guard let self, let device else { return }
            let (wasEnded, oomKills) = child.withLock { child in
                guard let ended = child, ended.pid == pid else { return (true, 0) }
                child = nil
                return (ended.isEnding, ended.oomKillsAtStart)
            }
            channel.close()
            guard !wasEnded else { return }
            if let memory, memory.oomKills > oomKills {
                device.memoryLimitExceeded(appPID: pid, ofLaunch: launch)
                return
            }
            let how = switch end {
            case .success(.signaled(let signal)): "signal \(signal) (\(String(cString: strsignal(signal))))"
            case .success(.exited(let code)): "exit status \(code)"
            case .failure(let error): "an end swift-subprocess could not read (\(error))"
            }
            device.crash("the app's process \(pid) ended with \(how)")
        }
        let pid: Int32
        switch spawned {
        case .success(let started):
            pid = started
        case .failure(let error):
            Glibc.close(ends[0])
            device.crash("cannot start the app's process \(configuration.executable): \(error)")
            return
        }
        do {
            try freezer.adopt(pid)
            // The cgroup may still be frozen from the last launch, which ended suspended.
            freezer.thaw(pid)
        } catch {
            device.console.log("Isolation: \(error); the app's process runs unfrozen")
        }
        do {
            try memory?.adopt(pid)
        } catch {
            device.console.log("Isolation: \(error); the app's process runs without its memory limit")
        }
        barriers.withLock { $0.isFrozen = false }
        jobsStarted.store(0, ordering: .relaxed)
        let oomKills = memory?.oomKills ?? 0
        child.withLock { $0 = Child(pid: pid, channel: channel, launch: launch, oomKillsAtStart: oomKills, exited: exited) }
        channel.startReading(name: "app-link") { [weak self, weak device] message in
            // What an ended launch's process said last changes nothing.
            guard let self, let device, case .call(let call, let id, let jobs) = message,
                child.withLock({ $0?.launch == launch })
            else { return }
            jobsStarted.store(jobs, ordering: .relaxed)
            let answer = device.answer(call)
            if let id, let answer { channel.send(.answer(answer, id: id)) }
        } ended: { _ in }
    }

    /// Starts the app's process with swift-subprocess, from the spawning thread, with
    /// `standardInput` (closed here once the process has it) as its standard input and this
    /// process's output and errors as its own; `ended` gets, once for a process that started,
    /// its ID and how it ended once it is reaped (or why that could not be read). The process's
    /// ID, or why it could not start.
    private func spawn(
        standardInput: Int32, ended: @escaping @Sendable (Int32, Result<TerminationStatus, any Error>) -> Void
    ) -> Result<Int32, any Error> {
        let started = Mutex<Result<Int32, any Error>?>(nil)
        let spawned = DispatchSemaphore(value: 0)
        let configuration = Configuration(
            executable: .path(FilePath(self.configuration.executable)), arguments: Arguments(self.configuration.arguments))
        Task(executorPreference: spawner) {
            do {
                let result = try await Subprocess.run(
                    configuration,
                    input: .fileDescriptor(FileDescriptor(rawValue: standardInput), closeAfterSpawningProcess: true),
                    output: .currentStandardOutput, error: .currentStandardError
                ) { execution in
                    started.withLock { $0 = .success(execution.processIdentifier.value) }
                    spawned.signal()
                }
                ended(result.processIdentifier.value, .success(result.terminationStatus))
            } catch {
                let pid = started.withLock { started -> Int32? in
                    if case .success(let pid) = started { return pid }
                    started = .failure(error)
                    return nil
                }
                // A process that started always gets its end, so that nobody waits for it forever.
                if let pid { ended(pid, .failure(error)) } else { spawned.signal() }
            }
        }
        spawned.wait()
        return started.withLock { $0! }
    }
}
