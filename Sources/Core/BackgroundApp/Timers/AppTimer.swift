import BackgroundWire

/// A timer of the app's, like `Timer.scheduledTimer(withTimeInterval:repeats:block:)`.
///
/// Its block runs on the app's main executor, so it does not fire while the app is
/// suspended. A timer that fell due meanwhile fires once when the app resumes — a repeating
/// one too, never in a burst — and then keeps its interval from that moment.
@AppMain
public final class AppTimer {
    /// The time between fires.
    public let interval: Duration
    /// Whether it fires again after each fire.
    public let repeats: Bool
    /// Whether it will still fire: true until ``invalidate()``, or until a one-shot timer fired.
    public private(set) var isValid = true

    let id: Int
    private let block: @AppMain (AppTimer) -> Void
    private weak var system: AppRuntime?

    nonisolated init(
        id: Int, interval: Duration, repeats: Bool, system: AppRuntime?, block: @escaping @AppMain (AppTimer) -> Void
    ) {
        self.id = id
        self.interval = interval
        self.repeats = repeats
        self.system = system
        self.block = block
    }

    /// A timer that never fires, for an app whose device is gone.
    static func invalidated(interval: Duration, repeats: Bool) -> AppTimer {
        let timer = AppTimer(id: 0, interval: interval, repeats: repeats, system: nil) { _ in }
        timer.isValid = false
        return timer
    }

    /// Stops the timer for good.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        system?.cancelAppTimer(id)
    }

    func fire() {
        guard isValid else { return }
        if !repeats { isValid = false }
        block(self)
    }
}
