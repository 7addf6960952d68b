import BackgroundPlatform
import BackgroundWire

/// The system's end of the link to the app's code. The shell (``Device``) hands it what the
/// machine decided about the app — deliveries, freezing, thawing, the end of a launch — and it
/// carries that out where the app's code runs: in the system's process (``ThreadAppLink``,
/// `--isolation thread`) or in the app's own (``ProcessAppLink``, `--isolation process`). The
/// app's calls come back to ``Device/answer(_:)`` either way.
///
/// Only values cross it. None of its methods waits on the app's code or on the kernel: they
/// are called by the effect pump, which must never block.
package protocol AppLink: AnyObject, Sendable {
    /// Answers the app's calls with `device`; called once, when the device is made.
    func connect(to device: Device)
    /// Hands `delivery` to launch `launch`; `finishLaunching` starts the launch.
    func deliver(_ delivery: AppDelivery, toLaunch launch: Int)
    /// Stops running the app's code: it is suspended or not running.
    func freeze()
    /// Runs the app's code again.
    func thaw()
    /// Launch `launch` ended: its jobs are dropped and its process ends.
    func endLaunch(_ launch: Int)
    /// Returns once the app has run what was delivered so far, or is frozen, or has ended.
    func waitUntilIdle() async
    /// How many jobs the app's main executor has started, as the rules read it.
    var appJobsStarted: Int { get }
    /// Where the app's code runs, for `status`.
    func isolation(isRunning: Bool) -> IsolationStatus
    /// The resident memory of the app's own process, in bytes, while it runs; nil when the app's
    /// code runs in the system's process, where no footprint of its own can be told apart.
    func appFootprint() -> Int?
    /// The energy accounts' source for an app whose code runs where this link takes it.
    func makeUsageSource() -> any KernelUsageSource
    /// Ends the app's process, if there is one, and waits for it: the device shuts down.
    func stop()
}
