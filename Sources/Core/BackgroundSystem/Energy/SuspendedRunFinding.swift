import BackgroundPlatform
import BackgroundWire

/// A thread of the app that ran while the app was suspended, which iOS's kernel never allows.
struct SuspendedRunFinding: Sendable, Equatable {
    var thread: ThreadUsage
    /// CPU seconds it used while the app was suspended.
    var cpuSeconds: Double
    /// Seconds the app was suspended.
    var suspendedSeconds: Double
}
