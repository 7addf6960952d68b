import BackgroundWire

/// A timer of the app's ``AppClock``, for cancelling it.
@AppMain
public final class AppClockTimer {
    /// When it falls due next, in the device's time.
    public private(set) var deadline: Duration
    private var cancelling: (@AppMain () -> Void)?
    /// Arms a repeating timer for a deadline, and gives what cancels it then.
    private var rearming: (@AppMain (Duration) -> @AppMain () -> Void)?

    init(deadline: Duration, cancel: @escaping @AppMain () -> Void = {}) {
        self.deadline = deadline
        cancelling = cancel
    }

    /// Makes it a repeating timer, armed for ``deadline``: `cancel` cancels it now, and
    /// `rearm` arms it for a later deadline and gives what cancels it then.
    func repeats(cancel: @escaping @AppMain () -> Void, rearm: @escaping @AppMain (Duration) -> @AppMain () -> Void) {
        cancelling = cancel
        rearming = rearm
    }

    /// Keeps its job from running, if it has not run yet, or again; cancelling twice does nothing.
    public func cancel() {
        cancelling?()
        cancelling = nil
        rearming = nil
    }

    /// One run of a repeating timer: arms it for the next deadline on its grid — an interval
    /// after this one, or an interval after `now` if that has passed, so that the runs a late
    /// one missed are not made up in a burst — then runs `job`; nothing once cancelled.
    func runRepeating(every interval: Duration, now: Duration, _ job: @AppMain (AppClockTimer) -> Void) {
        guard let rearming else { return }
        var next = deadline + interval
        if next <= now { next = now + interval }
        deadline = next
        cancelling = rearming(next)
        job(self)
    }
}
