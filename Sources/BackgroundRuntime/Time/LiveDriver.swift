import Dispatch
import Foundation
import Synchronization

/// The two threads of a live ``Device``: `system-timers` fires the loop's timers when
/// they are due, and `app-main` runs the app's jobs as they arrive. On script time
/// (``ClockMode/virtual``) there is no timer thread: a script's `wait` fires the timers.
final class LiveDriver: Sendable {
    /// The name of the app's main thread, which threads the app's code starts inherit.
    static let appThreadName = "app-main"
    /// How many drivers this process has started: the second and later name their app thread
    /// `app-main-2`, …, so that each device's accounts know its own app's threads from those of
    /// another device in the same process (a test process makes many).
    private static let started = Atomic<Int>(0)

    private let timersChanged = DispatchSemaphore(value: 0)
    private let jobArrived = DispatchSemaphore(value: 0)
    private let isRunning = Atomic<Bool>(false)
    private let runsTimers: Bool

    /// A driver; `runsTimers` false leaves the loop's timers to whoever moves its clock.
    init(runsTimers: Bool = true) {
        self.runsTimers = runsTimers
    }

    /// The loop's wake-up, for ``SystemLoop/init(clock:earliestChanged:)``.
    var timerWakeUp: @Sendable () -> Void { { [timersChanged] in timersChanged.signal() } }

    /// The executor's wake-up, for ``AppMainExecutor/init(jobArrived:)``.
    var appWakeUp: @Sendable () -> Void { { [jobArrived] in jobArrived.signal() } }

    /// Starts both threads, which tell `usage` whose they are; a second call does nothing.
    func start(loop: SystemLoop, executor: AppMainExecutor, usage: any KernelUsageSource) {
        guard !isRunning.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // Named from inside: Foundation does not pass `Thread.name` to the kernel on Linux, and
        // the kernel keeps at most 15 bytes.
        if runsTimers {
            Thread { [self] in
                ThreadName.set("system-timers")
                usage.registerSystemThread()
                runTimers(of: loop)
            }.start()
        }
        let number = Self.started.add(1, ordering: .relaxed).newValue
        let appThreadName = number == 1 ? Self.appThreadName : "\(Self.appThreadName)-\(number)"
        Thread { [self] in
            ThreadName.set(appThreadName)
            usage.registerAppThread(named: appThreadName)
            executor.runJobs(until: { [self] in !isRunning.load(ordering: .acquiring) }, wait: { jobArrived.wait() })
        }.start()
    }

    /// Stops both threads after the jobs they are running.
    func stop() {
        isRunning.store(false, ordering: .releasing)
        timersChanged.signal()
        jobArrived.signal()
    }

    private func runTimers(of loop: SystemLoop) {
        while isRunning.load(ordering: .acquiring) {
            let now = loop.now
            if let (_, job) = loop.popDue(at: now) {
                job()
                continue
            }
            if let next = loop.nextDeadline {
                // Sleep until the next deadline, a day at most: an idle device waiting for a
                // keep-alive ten minutes away must not wake in between (nor overflow on a far one).
                let wait = next - now
                let seconds = min(wait.components.seconds, 86_400)
                let nanoseconds = max(0, seconds * 1_000_000_000 + wait.components.attoseconds / 1_000_000_000)
                _ = timersChanged.wait(timeout: .now() + .nanoseconds(Int(nanoseconds)))
            } else {
                timersChanged.wait()
            }
        }
    }
}
