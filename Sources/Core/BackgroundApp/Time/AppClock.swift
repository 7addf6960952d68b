import BackgroundWire

/// The device's time as the app's code reads it, and timers on it whose jobs run on the app's
/// main executor — an iOS app's `CACurrentMediaTime()` and run-loop timers, for frameworks that
/// tick in the app's process (the audio player's periodic time observers tick from the media
/// server's timebase this way). ``Application/clock`` hands it out.
///
/// Nothing crosses to the system per read or per fire: in the system's process (`--isolation
/// thread`, a `TestDevice`) it is the device's own loop, so a test's manual clock drives it;
/// in the app's own process a loop of that process on the device's real-time clock, with a
/// timer thread of its own. One case is the exception: in its own process on script time
/// (`--clock virtual`), which only the system moves, each read asks the system and each timer is
/// one of the app's timers (``AppTimer``).
///
/// Like every app job, a timer's job does not run while the app is suspended (its process is
/// frozen, or its executor parked): one that fell due meanwhile runs once, late, when the app
/// runs again.
public struct AppClock: Sendable {
    private weak let runtime: AppRuntime?
    private let launchNumber: Int

    init(runtime: AppRuntime?, launchNumber: Int) {
        self.runtime = runtime
        self.launchNumber = launchNumber
    }

    /// The device's time since it booted (`SystemLoop/now`); zero once the device is gone.
    public var now: Duration { runtime?.clockNow ?? .zero }

    /// Runs `job` on the app's main executor once the device's time reaches `deadline`, or as
    /// soon after as the app runs.
    @AppMain @discardableResult
    public func schedule(at deadline: Duration, _ job: @escaping @AppMain @Sendable () -> Void) -> AppClockTimer {
        runtime?.scheduleOnClock(at: deadline, launchNumber: launchNumber, job) ?? AppClockTimer(deadline: deadline) {}
    }

    /// Runs `job` on the app's main executor once the device's time reaches `first`, then every
    /// `interval` on that grid until the timer is cancelled — Foundation's repeating `Timer`,
    /// whose block is given the timer. A run that comes late (the app was busy, or frozen) is
    /// followed by the next an interval later: the runs it missed are not made up in a burst.
    /// Nothing is made per run: the app's periodic time observers tick on it.
    @AppMain @discardableResult
    public func schedule(
        at first: Duration, every interval: Duration, _ job: @escaping @AppMain @Sendable (AppClockTimer) -> Void
    ) -> AppClockTimer {
        precondition(interval > .zero, "a repeating timer needs a positive interval")
        return runtime?.scheduleOnClock(at: first, every: interval, launchNumber: launchNumber, job)
            ?? AppClockTimer(deadline: first) {}
    }
}
