import BackgroundWire
import Dispatch
import Foundation
import Synchronization

/// The timer thread of a live ``Device``: `system-timers` fires the loop's timers when they are
/// due. (The app's jobs run on the main dispatch queue, which its ``AppMainExecutor`` asks to
/// run them as they arrive.) On script time (``ClockMode/virtual``) there is no timer thread: a
/// script's `wait` fires the timers.
package final class LiveDriver: Sendable {
    /// The name of the threads that count as the app's in the system's process
    /// (`--isolation thread`): the main queue's thread carries it while it runs the app's jobs,
    /// and the threads the app's code starts inherit it.
    package static let appThreadName = "app-main"

    private let timersChanged = DispatchSemaphore(value: 0)
    private let isRunning = Atomic<Bool>(false)
    private let runsTimers: Bool

    /// A driver; `runsTimers` false leaves the loop's timers to whoever moves its clock.
    package init(runsTimers: Bool = true) {
        self.runsTimers = runsTimers
    }

    /// The loop's wake-up, for ``SystemLoop/init(clock:earliestChanged:)``.
    package var timerWakeUp: @Sendable () -> Void { { [timersChanged] in timersChanged.signal() } }

    /// Starts the timer thread, `name`, which tells `usage` it is the system's; a second call
    /// does nothing.
    package func start(loop: SystemLoop, usage: (any KernelUsageSource)?, name: String = "system-timers") {
        guard runsTimers, !isRunning.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // Named from inside: Foundation does not pass `Thread.name` to the kernel on Linux, and
        // the kernel keeps at most 15 bytes.
        Thread { [self] in
            ThreadName.set(name)
            usage?.registerSystemThread()
            runTimers(of: loop)
        }.start()
    }

    /// Stops the timer thread after the timer it is firing.
    package func stop() {
        isRunning.store(false, ordering: .releasing)
        timersChanged.signal()
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
