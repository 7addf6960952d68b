/// How a ``Device`` keeps time.
public enum Timing: Sendable {
    /// Real time from the continuous clock; a thread fires timers and another runs the app.
    case live
    /// Time that moves only when a test (or a benchmark) advances it, on the caller's thread.
    /// A ten-minute background scenario then runs in microseconds, and always the same way.
    case manual
}
