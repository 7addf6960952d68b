import BackgroundApp
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import Foundation
import Synchronization

/// A device for tests: time moves only when the test moves it, and the app's code runs on the
/// test's thread, so every scenario runs the same way every time — a ten-minute background
/// scenario in microseconds. The model is NIO's `EmbeddedEventLoop`.
///
/// Every action (`Device/launch(reason:)`, `Device/pressHome()`, …) takes effect and runs
/// the app's resulting jobs before it returns. ``advance(by:)`` moves time, firing each timer
/// that falls due in deadline order and running the app's jobs after each. ``perform(_:)`` runs
/// code in the app and returns its result. Jobs that services post from their own threads (a
/// socket's data) run at the next step: an action, ``advance(by:)`` or ``runUntilIdle()``.
///
/// Each test device has its own app executor and clock: tests that make one each run in
/// parallel. Its link codes every delivery, call and answer in the wire's binary form and
/// back, as the link to an app in its own process does, so a value that would not cross
/// between processes fails the test that sends it.
///
/// - warning: Drive a test device from one thread at a time, as you would an
///   `EmbeddedEventLoop`; the app's code runs on whichever thread drives it.
// Unchecked: a subclass of Device, which is not final; it adds Sendable constants and a Mutex only.
public final class TestDevice: Device, @unchecked Sendable {
    private let clock: ManualClock
    /// The app's main executor, which runs the app's jobs on the thread that drives the device.
    public let executor: AppMainExecutor
    private let isDriving = Mutex(false)
    /// The app's CPU time and wake-ups, which the test sets: the kernel has nothing to say
    /// about code that runs on the test's thread.
    public let usage: ManualUsageSource
    /// The coding link's round trip, which counts what crosses.
    private let wire: WireRoundTrip

    /// Creates a test device with the app not running; `Device/launch(reason:)` starts it.
    ///
    /// - Parameters:
    ///   - profile: the iOS era whose rules hold.
    ///   - infoPlist: the app's Info.plist.
    ///   - wallClockStart: the wall-clock time at boot for console lines and dates; a fixed
    ///     date (`Device/manualEpoch`) by default, so that logs repeat exactly.
    ///   - consoleOutput: where console lines go besides the console's memory (written on a
    ///     thread of the console's own); nil by default.
    ///   - storageDirectory: where the system keeps what outlives its process; nil keeps it in
    ///     memory only.
    ///   - desktopNotifications: where notifications also go; nil by default.
    ///   - app: makes the app's delegate at each launch.
    public convenience init(
        profile: PolicyProfile = .default,
        infoPlist: InfoPlist,
        wallClockStart: Date = Device.manualEpoch,
        consoleOutput: (@Sendable (String) -> Void)? = nil,
        storageDirectory: URL? = nil,
        desktopNotifications: (any DesktopNotifier)? = nil,
        app: @escaping @AppMain @Sendable (Application) -> any ApplicationDelegate
    ) {
        self.init(
            DeviceSetup(
                profile: profile, infoPlist: infoPlist, consoleOutput: consoleOutput,
                storageDirectory: storageDirectory, desktopNotifications: desktopNotifications, app: app),
            wallClockStart: wallClockStart)
    }

    /// Creates a test device from `setup`.
    public init(_ setup: DeviceSetup, wallClockStart: Date = Device.manualEpoch) {
        let clock = ManualClock()
        self.clock = clock
        let usage = ManualUsageSource()
        self.usage = usage
        let wire = WireRoundTrip()
        self.wire = wire
        let executor = AppMainExecutor(runsAsJobsArrive: false)
        self.executor = executor
        let link = ThreadAppLink(
            executor: executor, infoPlist: setup.infoPlist, profile: setup.profile, wire: wire, makeDelegate: setup.linkedApp)
        super.init(
            setup: setup.system, clock: clock, wallClockStart: wallClockStart, driver: nil, usage: usage, link: link)
    }

    /// How many values crossed between the system and the app so far — deliveries, calls and
    /// answers, each what would be one message between two processes: for tests of what a
    /// feature sends across the boundary.
    public var valuesCrossed: Int { wire.crossed }

    /// Moves time forward by `duration`, firing every timer that falls due in order and
    /// running the app's jobs after each.
    public func advance(by duration: Duration) {
        let target = clock.now + duration
        runUntilIdle()
        while let (deadline, job) = loop.popDue(at: target) {
            clock.move(to: deadline)
            job()
            runUntilIdle()
        }
        clock.move(to: target)
        runUntilIdle()
    }

    /// Fires the timers due now and runs the app's queued jobs until nothing is left to do;
    /// pending saves are finished too.
    public func runUntilIdle() {
        // A job that drives the device again (a service's callback) only adds work to this loop.
        guard !isDriving.withLock({ driving in defer { driving = true }; return driving }) else { return }
        defer { isDriving.withLock { $0 = false } }
        while true {
            var didWork = executor.drain() > 0
            while let (_, job) = loop.popDue(at: clock.now) {
                job()
                didWork = true
            }
            if !didWork {
                // A service's thread that is carrying out effects may be about to queue a job
                // for the app (the delivery this thread's call set off): idle is when it is done.
                guard isPumpingElsewhere else { break }
                sched_yield()
            }
        }
        storage?.taskRequests.waitUntilWritten()
    }

    /// Runs `body` on the app's main executor after the jobs already queued, and returns its
    /// result. Returns nil, running nothing, if the app's code cannot run now (it is suspended
    /// or not running).
    @discardableResult
    public func perform<T: Sendable>(_ body: @escaping @AppMain @Sendable (Application) -> T) -> T? {
        let result = Mutex<T?>(nil)
        guard appState.isRunning else { return nil }
        executor.post { result.withLock { $0 = Application.current.map(body) } }
        runUntilIdle()
        return result.withLock { $0 }
    }

    /// Makes this device the one whose app owns the main queue of the test process, once the
    /// device that held it before has let it go: from then on, code on the main queue outside the
    /// app's jobs — a block the app gives `DispatchQueue.main`, a `Task { @MainActor in }` — is
    /// this app's code, as the main thread of an iOS app is (`UIApplication.shared` answers
    /// there), and so is code on a queue or thread the app starts (`DispatchQueue.global().async`),
    /// as all of an iOS app's process is its own. Tests whose devices hold it run one at a time; it is let go with
    /// ``releaseMainActor()`` or when the device goes.
    ///
    /// Such code runs on the process's main queue, not on the device's executor: it is neither
    /// frozen while the app is suspended nor on the device's clock. In the app's own process,
    /// the default for an app, it is both, and no holding is needed.
    public func holdMainActor() async {
        await MainActorHold.process.acquire(for: executor)
    }

    /// Lets another test device hold the main queue (``holdMainActor()``).
    public func releaseMainActor() {
        MainActorHold.process.release(by: executor)
    }

    deinit {
        MainActorHold.process.release(by: executor)
    }

    /// The app's code runs the jobs the last action caused before the action returns.
    public override func settle() {
        runUntilIdle()
    }

    /// Moves the clock by `duration` (see ``advance(by:)``).
    public override func wait(_ duration: Duration) async {
        advance(by: duration)
    }

    /// Runs what is due now (see ``runUntilIdle()``).
    public override func waitUntilIdle() async {
        runUntilIdle()
    }
}
