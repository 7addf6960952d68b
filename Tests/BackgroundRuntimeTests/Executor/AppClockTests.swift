import BackgroundPlatform
import BackgroundRuntime
import BackgroundRuntimeTesting
import Synchronization
import Testing

@Suite("AppClock: the app's clock and its repeating timers")
struct AppClockTests {
    /// Starts a repeating timer that logs the device's time (ms since `start`) at each run, and
    /// cancels itself after `runs` runs if it is given.
    private func startTicks(
        on device: TestDevice, log: AppLog, every interval: Duration = .milliseconds(10), stopAfter runs: Int? = nil
    ) {
        device.perform { application in
            let clock = application.clock
            let start = clock.now
            let counted = Counter()
            clock.schedule(at: start + interval, every: interval) { timer in
                log.append("\((clock.now - start) / .milliseconds(1))")
                if let runs, counted.next() == runs { timer.cancel() }
            }
        }
    }

    @Test func aRepeatingTimerRunsOnItsGridAndStopsWhenCancelled() {
        let log = AppLog()
        let device = makeWorkerDevice()
        device.launch()
        let before = device.loop.pendingTimers
        startTicks(on: device, log: log, stopAfter: 4)
        #expect(device.loop.pendingTimers == before + 1, "one timer, armed for its next run")
        device.advance(by: .milliseconds(55))
        #expect(log.take() == ["10.0", "20.0", "30.0", "40.0"])
        #expect(device.loop.pendingTimers == before, "cancelled in its fourth run, it is gone")
        device.advance(by: .milliseconds(50))
        #expect(log.take().isEmpty)
    }

    @Test func aRunTheAppCouldNotMakeComesOnceLateAndTheNextAnIntervalAfterIt() {
        let log = AppLog()
        let device = makeWorkerDevice()
        device.launch()
        startTicks(on: device, log: log, every: .milliseconds(500))
        device.advance(by: .milliseconds(1_000))
        #expect(log.take() == ["500.0", "1000.0"])
        device.pressHome()
        #expect(device.appState == .suspended)
        device.advance(by: .seconds(60))
        #expect(log.take().isEmpty)
        device.openApp()
        let late = log.take()
        #expect(late.count == 1, "no burst of the runs it missed: \(late)")
        device.advance(by: .milliseconds(499))
        #expect(log.take().isEmpty)
        device.advance(by: .milliseconds(1))
        #expect(log.take().count == 1, "an interval after the late run")
    }

    @Test func aKeptTimerOfTheLoopFiresOnlyWhenArmedAndOnlyForItsLatestDeadline() {
        let loop = SystemLoop(clock: ManualClock())
        let fired = AppLog()
        let kept = loop.scheduleKept(at: .seconds(1)) { fired.append("kept") }
        loop.rearm(kept, at: .seconds(3))
        #expect(loop.pendingTimers == 1)
        #expect(loop.popDue(at: .seconds(2)) == nil, "armed again for 3 s, it is no longer due at 1 s")
        loop.popDue(at: .seconds(3))?.job()
        #expect(fired.take() == ["kept"])
        #expect(loop.pendingTimers == 0 && loop.nextDeadline == nil, "fired, it waits unarmed")
        loop.rearm(kept, at: .seconds(4))
        loop.schedule(at: .seconds(4)) { fired.append("one-shot") }
        while let (_, job) = loop.popDue(at: .seconds(4)) { job() }
        #expect(fired.take() == ["kept", "one-shot"], "equal deadlines keep the order they were armed in")
        loop.cancel(kept)
        loop.rearm(kept, at: .seconds(5))
        #expect(loop.pendingTimers == 0, "a cancelled timer cannot be armed again")
    }
}

/// A count the app's runs share.
private final class Counter: Sendable {
    private let count = Mutex(0)

    /// The count after one more.
    func next() -> Int { count.withLock { $0 += 1; return $0 } }
}
