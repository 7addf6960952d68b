import BackgroundRuntime
import Synchronization

/// Foundation's `Timer` as an iOS app's main-thread code uses it: a block that fires on the
/// app's main thread, on the device's clock, and not while the app is suspended (an iOS app's
/// run loop does not run then). Code that imports UIKit (or another of this package's
/// Apple-spelled modules) gets it for the name `Timer`.
///
/// Like Foundation's it is not isolated: any thread may schedule one or invalidate it, and the
/// block runs on the main thread, as a timer scheduled on the main run loop does. It is the block
/// form: `Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)` needs
/// Objective-C selectors, which Swift on Linux has not (`backgrounder port` rewrites it).
public final class Timer: Sendable {
    /// The seconds between fires.
    public let timeInterval: TimeInterval
    private let application: Application
    private struct State {
        var timer: AppTimer?
        var isValid = true
    }

    /// The runtime's timer once scheduled, and whether the timer may fire again.
    private let state = Mutex(State())

    private init(timeInterval: TimeInterval, application: Application) {
        self.timeInterval = timeInterval
        self.application = application
    }

    /// A timer that calls `block` on the main thread every `interval` seconds (once if not
    /// `repeats`), like `Timer.scheduledTimer(withTimeInterval:repeats:block:)`, whose result may
    /// be ignored, as Objective-C's may.
    @discardableResult
    public static func scheduledTimer(
        withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping @MainActor @Sendable (Timer) -> Void
    ) -> Timer {
        let application = Application.current(for: "Timer.scheduledTimer(withTimeInterval:repeats:block:)")
        let timer = Timer(timeInterval: interval, application: application)
        // The fire holds the timer, as a run loop holds a scheduled one, until it is invalidated
        // or has fired for the last time.
        application.onMain {
            guard timer.isValid else { return }
            let scheduled = application.scheduledTimer(withTimeInterval: .seconds(interval), repeats: repeats) { _ in
                if !repeats { timer.state.withLock { $0 = State(isValid: false) } }
                MainActor.assumeIsolated { block(timer) }
            }
            timer.state.withLock { $0.timer = scheduled }
        }
        return timer
    }

    /// Whether the timer will fire again.
    public var isValid: Bool { state.withLock { $0.isValid } }

    /// Stops the timer; it never fires again.
    public func invalidate() {
        let scheduled = state.withLock { state -> AppTimer? in
            state.isValid = false
            defer { state.timer = nil }
            return state.timer
        }
        guard let scheduled else { return }
        application.onMain { scheduled.invalidate() }
    }
}
