import BackgroundRuntime

/// Foundation's `Timer` as an iOS app's main-thread code uses it: a block that fires on the
/// app's main executor, on the device's clock, and not while the app is suspended (an iOS
/// app's run loop does not run then). Code that imports UIKit (or another of this package's
/// Apple-spelled modules) gets it for the name `Timer`.
///
/// It is the block form: `Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`
/// needs Objective-C selectors, which Swift on Linux has not.
@preconcurrency @AppMain
public final class Timer {
    private var timer: AppTimer?

    private init() {}

    /// A timer that calls `block` every `interval` seconds (once if not `repeats`), scheduled on
    /// the app's main executor, like `Timer.scheduledTimer(withTimeInterval:repeats:block:)`,
    /// whose result may be ignored, as Objective-C's may.
    @discardableResult
    public static func scheduledTimer(
        withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void
    ) -> Timer {
        let timer = Timer()
        // The fire holds the timer, as a run loop holds a scheduled one, until it is invalidated
        // or has fired for the last time.
        let application = Application.current(for: "Timer.scheduledTimer(withTimeInterval:repeats:block:)")
        timer.timer = application.scheduledTimer(withTimeInterval: .seconds(interval), repeats: repeats) { _ in
            block(timer)
            if !repeats { timer.timer = nil }
        }
        return timer
    }

    /// Whether the timer will fire again.
    public var isValid: Bool { timer?.isValid ?? false }

    /// The seconds between fires.
    public var timeInterval: TimeInterval {
        guard let interval = timer?.interval else { return 0 }
        return Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
    }

    /// Stops the timer; it never fires again.
    public func invalidate() {
        timer?.invalidate()
        timer = nil
    }
}
