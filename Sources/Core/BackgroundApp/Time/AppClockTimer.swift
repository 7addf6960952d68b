import BackgroundWire

/// A timer of the app's ``AppClock``, for cancelling it.
@AppMain
public final class AppClockTimer {
    /// When it falls due, in the device's time.
    public nonisolated let deadline: Duration
    private var cancelling: (@AppMain () -> Void)?

    init(deadline: Duration, cancel: @escaping @AppMain () -> Void) {
        self.deadline = deadline
        cancelling = cancel
    }

    /// Keeps its job from running, if it has not run yet; cancelling twice does nothing.
    public func cancel() {
        cancelling?()
        cancelling = nil
    }
}
