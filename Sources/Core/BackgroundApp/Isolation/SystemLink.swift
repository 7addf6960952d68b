import BackgroundPlatform
import BackgroundWire

/// The app's end of the link to the system: how the calls of ``AppRuntime`` reach the device —
/// directly when the app's code runs in the system's process (``InProcessSystemLink``), over a
/// socket when it runs in its own (``SocketSystemLink``).
package protocol SystemLink: Sendable {
    /// Sends `call` and waits for the system's answer; nil when the system has gone.
    func ask(_ call: AppCall) -> AppAnswer?
    /// Sends `call`, which waits for no answer.
    func tell(_ call: AppCall)
    /// Writes `line` on the system's console, after what the app logged and called before it.
    func log(_ line: String)
    /// The loop whose clock is the device's and whose timers the app may run in its own
    /// process (``AppClock``); nil when the app cannot read the device's time itself (an app in
    /// its own process on script time).
    var clockLoop: SystemLoop? { get }
    /// Whether the timer thread of ``clockLoop`` is the app's own (its own process), so that a
    /// timer's job may run there, on the main queue, rather than wake another thread to run it.
    var runsClockJobsOnItsTimerThread: Bool { get }
}
