import BackgroundPlatform
import BackgroundWire
import Foundation
import Synchronization

/// The link of `--isolation process`: at each launch it starts the app's own process, sends it
/// the deliveries, answers its calls, has the kernel freeze and thaw it, and ends it with the
/// launch. A process that ends on its own is a crash of the app, never of the system; one the
/// kernel ended for going over its memory limit is the limit's exit.
///
/// What waits on the kernel or on the child — spawning, freezing (the cgroup's `frozen 1` can
/// take a millisecond), thawing, killing — runs in order on a queue of the link's own, so the
/// effect pump that calls it never blocks. Messages go out at once on the socket: the app's
/// process reads them once it runs. A question's answer goes on a second socket
/// (``AnswerSocket``), to the app's thread that asked.
package final class ProcessAppLink: AppLink {
    let configuration: AppProcessConfiguration
    let freezer: any ProcessFreezer
    /// The kernel's memory limit on the app's process, where a memory controller is writable.
    let memory: MemoryCgroup?

    private struct Child {
        let channel: FrameChannel
        let launch: Int
        /// Set once the process has started.
        var pid: Int32?
        /// The memory cgroup's OOM kills when it started.
        var oomKillsAtStart = 0
        /// Signalled once the process has ended and been reaped, or did not start.
        let exited = DispatchSemaphore(value: 0)
    }

    private let device = Mutex<WeakDevice>(WeakDevice())
    private let child = Mutex<Child?>(nil)
    /// How many jobs the app's process had started at its last call.
    private let jobsStarted = Atomic<Int>(0)
    private let spawner = SpawningThread()
    /// The kernel's part, in order: spawn, adopt, freeze, thaw, kill.
    private let kernel = DispatchQueue(label: "app-process.kernel")
    /// How many jobs `kernel` holds, queued or running (``onKernel(_:)``).
    private let kernelJobs = Atomic<Int>(0)
    /// Where the app's threads are read once it is frozen: beside the kernel queue, so that a
    /// thaw never waits behind that reading.
    private let accounts = DispatchQueue(label: "app-process.accounts")
    private let barriers = Mutex(Barriers())
    /// Where a barrier that never comes is given up (``AppProcessConfiguration/idleWaitBound``):
    /// a serial queue, whose thread libdispatch does not watch once a second as it watches its
    /// global queues' (see ``ThreadPoolExecutor``).
    private let bounds = DispatchQueue(label: "app-process.bounds")
    /// The energy meter's reader of the app's usage, once the device asked for it.
    private let usage = Mutex<AppProcessUsageSource?>(nil)
    /// The services' messages that crossed, both ways, by service.
    private let serviceMessages = Mutex<[String: Int]>([:])

    package init(configuration: AppProcessConfiguration, freezer: any ProcessFreezer, memory: MemoryCgroup?) {
        self.configuration = configuration
        self.freezer = freezer
        self.memory = memory
    }

    /// The app's process, while a launch runs and once it has started.
    package var appPID: Int32? { child.withLock { $0?.pid } }

    package var appJobsStarted: Int { jobsStarted.load(ordering: .relaxed) }

    /// How many of `service`'s messages (calls, answers' questions, events) crossed between the
    /// processes so far, both ways: what shows that a service's data stays off the link.
    package func serviceMessagesCrossed(for service: String) -> Int {
        serviceMessages.withLock { $0[service, default: 0] }
    }

    package func connect(to device: Device) {
        self.device.withLock { $0.device = device }
    }

    package func isolation(isRunning: Bool) -> IsolationStatus {
        IsolationStatus(
            mode: IsolationMode.process.rawValue, appPid: appPID, freezer: freezer.kind,
            memoryLimit: memory == nil ? nil : configuration.memoryLimit)
    }

    /// The app's process's resident set, from `/proc/PID/statm`.
    package func appFootprint() -> Int? {
        guard let pid = appPID,
            let statm = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    /// The energy meter's reader of the app's usage, once the device asked for it.
    package var usageSource: AppProcessUsageSource? { usage.withLock { $0 } }

    package func makeUsageSource() -> any KernelUsageSource {
        let source = AppProcessUsageSource(
            appProcess: { [weak self] in self?.appPID }, cgroupDirectory: (freezer as? CgroupFreezer)?.directory)
        usage.withLock { $0 = source }
        return source
    }

    // MARK: Effects

    package func deliver(_ delivery: AppDelivery, toLaunch launch: Int) {
        if case .finishLaunching = delivery { start(launch: launch) }
        if case .serviceMessage(let message, _) = delivery { countServiceMessage(of: message.service) }
        let message = AppProcessMessage.deliver(delivery, launch: launch)
        guard let channel = child.withLock({ $0?.launch == launch ? $0?.channel : nil }) else {
            // A descriptor for a launch that has ended goes nowhere.
            if let passed = message.passedDescriptor { Glibc.close(passed.value) }
            return
        }
        channel.send(message)
    }

    package func freeze() {
        let number = barriers.withLock { barriers in
            barriers.wantsFrozen = true
            barriers.freezes += 1
            return barriers.freezes
        }
        onKernel { [self] in
            if let pid = appPID { freezer.freeze(pid) }
            barriers.withLock { if $0.wantsFrozen { $0.isFrozen = true } }
            releaseBarriers()
            // The accounts read now, while nothing is waiting, what the wake will find unchanged
            // (with a cgroup of the app's own); what the app used until frozen is its last in
            // the state it left — unless this freeze is over by the time they count it.
            accounts.async { [self] in
                guard let device = device.withLock({ $0.device }) else { return }
                device.energy.meter.appFrozen(at: device.loop.now) {
                    barriers.withLock { $0.isFrozen && $0.freezes == number }
                }
            }
        }
    }

    package func thaw() {
        barriers.withLock { barriers in
            barriers.wantsFrozen = false
            barriers.isFrozen = false
        }
        // With nothing of the kernel's queued or running — the effect pump, which alone freezes
        // and thaws, has seen its last freeze done — a thaw cannot overtake one and is done on
        // this thread: the hop to the kernel queue would be a thread's wake-up on the path of
        // the event that wakes the app. Thawing is one write; the cgroup says `frozen 0` within it.
        guard kernelJobs.load(ordering: .acquiring) == 0 else {
            return onKernel { [self] in if let pid = appPID { freezer.thaw(pid) } }
        }
        if let pid = appPID { freezer.thaw(pid) }
    }

    /// Runs `job` on the kernel queue after what it holds, counted in `kernelJobs` until it ends.
    private func onKernel(_ job: @escaping @Sendable () -> Void) {
        kernelJobs.add(1, ordering: .relaxed)
        kernel.async { [self] in
            job()
            kernelJobs.subtract(1, ordering: .releasing)
        }
    }

    package func endLaunch(_ launch: Int) {
        let ending = child.withLock { child -> Child? in
            guard child?.launch == launch else { return nil }
            defer { child = nil }
            return child
        }
        releaseBarriers()
        guard let ending else { return }
        ending.channel.close()
        onKernel { [freezer] in
            if let pid = ending.pid { freezer.kill(pid) }
        }
    }

    /// Returns once the kernel has done what was asked of it (a spawn, a freeze) and the app's
    /// process has run the jobs delivered so far — or is frozen, or has ended.
    package func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            onKernel { continuation.resume() }
        }
        // The reading of the app's threads that a freeze left there.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            accounts.async { continuation.resume() }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            guard let channel = child.withLock({ $0?.channel }) else {
                continuation.resume()
                return
            }
            // The timer is made inactive, stored with the waiter and armed once the barrier is
            // out: whoever resumes the waiter first cancels it.
            let registered = barriers.withLock { barriers -> (id: Int, bound: any DispatchSourceTimer)? in
                guard !barriers.isFrozen else { return nil }
                defer { barriers.next += 1 }
                let bound = DispatchSource.makeTimerSource(queue: bounds)
                barriers.waiting[barriers.next] = Barriers.Waiter(continuation: continuation, bound: bound)
                return (barriers.next, bound)
            }
            guard let (id, bound) = registered else { return continuation.resume() }
            channel.send(.barrier(id: id))
            let limit = configuration.idleWaitBound
            bound.setEventHandler { [weak self] in self?.giveUp(onBarrier: id, after: limit) }
            bound.schedule(deadline: .now() + .nanoseconds(Int(limit.nanoseconds)))
            bound.activate()
        }
    }

    private func giveUp(onBarrier id: Int, after bound: Duration) {
        guard let waiter = barriers.withLock({ $0.givenUp(id) }) else { return }
        device.withLock { $0.device }?.console.log(
            "Isolation: the app's process (pid \(appPID.map(String.init) ?? "none")) did not run the jobs sent to it "
                + "within \(bound.secondsText) s; waiting for it ends")
        waiter.resume()
    }

    private func releaseBarriers() {
        let waiting = barriers.withLock { barriers in
            defer { barriers.waiting.removeAll() }
            return Array(barriers.waiting.values)
        }
        for waiter in waiting { waiter.resume() }
    }

    private func countServiceMessage(of service: String) {
        serviceMessages.withLock { $0[service, default: 0] += 1 }
    }

    /// Ends the app's process and waits for it; the freezer gives back its cgroup.
    package func stop() {
        let current = child.withLock { $0 }
        if let current { endLaunch(current.launch) }
        kernel.sync {}
        accounts.sync {}
        current?.exited.wait()
        spawner.stop()
        freezer.close()
        memory?.close()
    }

    // MARK: The app's process

    /// Makes the sockets and starts reading the link's at once; the process itself is started
    /// on the kernel queue, and reads what was sent meanwhile once it runs.
    private func start(launch: Int) {
        if let previous = child.withLock({ $0?.launch }) { endLaunch(previous) }
        guard let (ends, answerEnds) = makeSockets() else {
            device.withLock { $0.device }?.crash("cannot make the socket to the app's process: \(String(cString: strerror(errno)))")
            return
        }
        let channel = FrameChannel(descriptor: ends[0])
        // Written only from the link's reading thread, which closes it once reading ends.
        let answers = AnswerSocket(descriptor: answerEnds[0])
        let started = Child(channel: channel, launch: launch)
        barriers.withLock { barriers in
            barriers.wantsFrozen = false
            barriers.isFrozen = false
        }
        jobsStarted.store(0, ordering: .relaxed)
        child.withLock { $0 = started }
        channel.startReading(name: "app-link") { [weak self] message in
            self?.receive(message, fromLaunch: launch, on: channel, answers: answers)
        } ended: { [weak self] why in
            answers.close()
            guard why != FrameChannel.peerClosed else { return }
            self?.device.withLock { $0.device }?.console.log("Isolation: the link to the app's process ended: \(why)")
        }
        let appEnds = (link: ends[1], answers: answerEnds[1])
        onKernel { [self] in spawn(started, appEnds: appEnds) }
    }

    /// Two connected pairs of stream sockets, the link's and the answers', closed on exec; nil
    /// (errno says why) when the kernel has not two to give.
    private func makeSockets() -> (link: [Int32], answers: [Int32])? {
        func pair() -> [Int32]? {
            var ends: [Int32] = [0, 0]
            return socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 ? ends : nil
        }
        guard let link = pair() else { return nil }
        guard let answers = pair() else {
            let error = errno
            link.forEach { Glibc.close($0) }
            errno = error
            return nil
        }
        return (link, answers)
    }

    /// A message of launch `launch`'s process: what an ended launch's process said last
    /// changes nothing.
    private func receive(_ message: AppProcessMessage, fromLaunch launch: Int, on channel: FrameChannel, answers: AnswerSocket) {
        let (call, id, jobs, isQuestion): (AppCall, Int?, Int, Bool)
        switch message {
        case .call(let called, let asked, let started): (call, id, jobs, isQuestion) = (called, asked, started, false)
        case .question(let asked, let started): (call, id, jobs, isQuestion) = (asked, nil, started, true)
        default: return
        }
        guard child.withLock({ $0?.launch == launch }) else { return }
        jobsStarted.store(jobs, ordering: .relaxed)
        switch call {
        case .callService(let message), .tellService(let message): countServiceMessage(of: message.service)
        default: break
        }
        if case .barrierReached(let barrier) = call {
            barriers.withLock { $0.reached(barrier) }?.resume()
            return
        }
        let answer = device.withLock { $0.device }?.answer(call)
        if isQuestion {
            answers.send(.questionAnswered(answer, framesBefore: channel.framesQueued))
        } else if let id, let answer {
            channel.send(.answer(answer, id: id))
        }
    }

    /// Starts the process of `started`, on the kernel queue, unless its launch has ended
    /// meanwhile; then moves it into the freezer's and the memory limit's cgroups.
    private func spawn(_ started: Child, appEnds: (link: Int32, answers: Int32)) {
        let launch = started.launch
        // The process has its own copies.
        defer {
            Glibc.close(appEnds.link)
            Glibc.close(appEnds.answers)
        }
        guard child.withLock({ $0?.launch == launch }), let device = device.withLock({ $0.device }) else {
            started.exited.signal()
            return
        }
        let spawned = spawner.spawn(
            configuration.executable, arguments: configuration.arguments(), standardInput: appEnds.link, descriptor3: appEnds.answers
        ) {
            [weak self, weak device] pid, end in
            defer { started.exited.signal() }
            guard let self, let device else { return }
            processEnded(pid, end, launch: launch, device: device)
        }
        guard case .success(let pid) = spawned else {
            if case .failure(let error) = spawned {
                device.crash("cannot start the app's process \(configuration.executable): \(error)")
            }
            started.exited.signal()
            return
        }
        let isCurrent = child.withLock { child -> Bool in
            guard child?.launch == launch else { return false }
            child?.pid = pid
            return true
        }
        // The launch ended while the process started.
        guard isCurrent else { return freezer.kill(pid) }
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
        let oomKills = memory?.oomKills ?? 0
        child.withLock { child in
            if child?.launch == launch { child?.oomKillsAtStart = oomKills }
        }
    }

    /// The process `pid` of launch `launch` ended: a crash, or the memory limit's kill —
    /// unless the system ended it.
    private func processEnded(_ pid: Int32, _ end: SpawningThread.ProcessEnd, launch: Int, device: Device) {
        let (wasEnded, oomKills) = child.withLock { child -> (Bool, Int) in
            guard let current = child, current.launch == launch, current.pid ?? pid == pid else { return (true, 0) }
            child = nil
            current.channel.close()
            return (false, current.oomKillsAtStart)
        }
        releaseBarriers()
        guard !wasEnded else { return }
        if let memory, memory.oomKills > oomKills {
            device.memoryLimitExceeded(appPID: pid, limit: configuration.memoryLimit, ofLaunch: launch)
            return
        }
        device.crash("the app's process \(pid) ended with \(end)")
    }
}
