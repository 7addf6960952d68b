import BackgroundPlatform
import BackgroundWire
import DequeModule
import Foundation
import Logging
import Synchronization

/// The system: the part of iOS that runs one app.
///
/// A device plays iOS for its app: it owns the clock, the app's state, its task assertions and
/// timers, and decides — from the app's Info.plist and the active `PolicyProfile` — whether
/// the app keeps running in the background, is suspended, is woken, or is terminated. It plays
/// the user's part too: ``pressHome()``, ``openApp()``, an incoming call, swiping the app away.
///
/// The rules live in one value, the `SystemStateMachine`; the device is its shell. Each call
/// feeds the machine one event under the device's lock and carries out the effects it returns
/// — console lines, freezing the app, timers, deliveries to the app, files — after releasing
/// the lock, in the order the machine decided them. No console write, file write, observer
/// callback or app code runs under the lock, so a stalled console reader or a slow disk never
/// stalls the system.
///
/// The device never waits on the app. It posts lifecycle notifications, timer fires and
/// callbacks to the app's main executor (`AppMain`) and keeps what the app shows in the
/// snapshot the app last published, so it answers ``status()`` even while the app is frozen.
/// Every method is safe to call from any thread.
///
/// `Device` runs on real time, with a thread for the system's timers and one for the app. For
/// tests, `TestDevice` runs on time that only the test moves.
open class Device: @unchecked Sendable {
    // @unchecked: every stored property is immutable and Sendable; the one subclass,
    // TestDevice, adds only Sendable constants.

    public let profile: PolicyProfile
    public let infoPlist: InfoPlist
    public let loop: SystemLoop
    public let console: Console
    /// The system's own console voice (state changes, diagnostics, terminations).
    public let logger: Logger
    let desktop: (any DesktopNotifier)?
    /// The app's Notification Service Extension; nil when it has none.
    let serviceExtensions: (any ServiceExtensionHost)?
    /// What the device keeps on disk; nil when it keeps nothing there.
    package let storage: DeviceStorage?
    /// The energy accounts and the checks they feed (``energy`` is their view).
    let energyAccounts: EnergyAccounts
    let board = ScreenBoard()
    /// Who follows the app's life from the system's side: services, the web UI, the desktop.
    public let observers = DeviceObservers()
    /// The services that answer the app's calls, by name.
    public let services = ServiceRegistry()
    /// The taps sent to the app and not answered yet.
    let taps = PendingTaps()
    /// The loop timer of each of the machine's timers.
    let loopTimers = Mutex<[SystemTimerToken: SystemTimer]>([:])
    private let driver: LiveDriver?
    /// Where the app's code runs: the link that carries the deliveries there, freezes it, and
    /// brings its calls back to ``answer(_:)``.
    package let link: any AppLink
    /// The clock a script's `wait` moves, on script time (``ClockMode/virtual``).
    private let scriptTime: ManualClock?
    /// Whether the device's time is real time, which an app in its own process can read itself.
    var isRealTime: Bool { driver != nil && scriptTime == nil }

    private struct Shell {
        var machine: SystemStateMachine
        /// Effects decided and not yet carried out, in the machine's order.
        var pending: Deque<SystemEffect> = []
        /// Whether `status` changed since subscribers were last told.
        var changed = false
        /// Whether a thread is carrying out effects now.
        var isPumping = false
        /// The thread carrying out effects, while one is.
        var pumpingThread: pthread_t?
        /// Who waits for the effects to be carried out.
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        /// How many batches of effects have been carried out.
        var batches = 0
    }

    private let shell: Mutex<Shell>

    /// Creates a device on `clock` whose app runs across `link`; the caller starts `driver`.
    package init(
        setup: SystemSetup, clock: any DeviceClock, wallClockStart: Date, driver: LiveDriver?, usage: any UsageSource,
        link: any AppLink, scriptTime: ManualClock? = nil
    ) {
        self.scriptTime = scriptTime
        profile = setup.profile
        infoPlist = setup.infoPlist
        self.driver = driver
        self.link = link
        let loop = SystemLoop(clock: clock, earliestChanged: driver?.timerWakeUp)
        self.loop = loop
        let console = Console(
            process: setup.infoPlist.bundleName,
            wallClock: { wallClockStart.addingTimeInterval(loop.now.seconds) },
            output: setup.consoleOutput)
        self.console = console
        logger = Logger(label: setup.infoPlist.bundleName) { _ in ConsoleLogHandler(console: console) }
        desktop = setup.desktopNotifications
        storage = setup.storageDirectory.map { DeviceStorage(directory: $0, console: console) }
        serviceExtensions = setup.serviceExtensionHost
        energyAccounts = EnergyAccounts(meter: EnergyMeter(
            source: usage,
            log: setup.storageDirectory.map { EnergyLog(directory: $0) { console.log($0) } },
            at: loop.now))
        for value in setup.infoPlist.ignoredBackgroundModes {
            console.log("Info.plist \(setup.infoPlist.source): UIBackgroundModes has \"\(value)\", which iOS does not know; it is ignored")
        }
        shell = Mutex(Shell(machine: SystemStateMachine(
            profile: setup.profile, infoPlist: setup.infoPlist, pid: console.pid,
            bootDate: wallClockStart.addingTimeInterval(-loop.now.seconds), debuggerAttached: setup.debuggerAttached,
            hasServiceExtension: setup.notificationServiceExtension != nil)))
        link.connect(to: self)
        restoreBackgroundSessions()
        taskScheduler.restorePendingRequests()
        push.restoreTokens()
    }

    /// The wall-clock time a `TestDevice` boots at: the moment of the 2013 tutorial's log.
    public static let manualEpoch = Date(timeIntervalSince1970: 1_362_713_471)

    /// Stops the device's threads and its console's followers; the app is not told (terminate
    /// it first for that). Pending saves are finished first.
    public func shutdown() {
        link.stop()
        serviceExtensions?.stop()
        driver?.stop()
        storage?.taskRequests.waitUntilWritten()
        storage?.backgroundSessions.waitUntilWritten()
        energyAccounts.meter.log?.waitUntilWritten()
        console.finishFollowers()
        desktop?.stop()
    }

    // MARK: Time

    /// The time since the device booted.
    public var now: Duration { loop.now }

    /// Lets `duration` of device time pass: real time, or on script time (``ClockMode/virtual``)
    /// each timer due by then fired in turn, with the app's reaction to each run before the
    /// next; a `TestDevice` moves its clock.
    open func wait(_ duration: Duration) async {
        guard let scriptTime else {
            try? await Task.sleep(for: duration)
            return
        }
        let target = scriptTime.now + duration
        await waitUntilIdle()
        while let (deadline, job) = loop.popDue(at: target) {
            scriptTime.move(to: deadline)
            job()
            await waitUntilIdle()
        }
        scriptTime.move(to: target)
        await waitUntilIdle()
    }

    /// Returns once the effects of every call so far are carried out and the app has run the
    /// jobs they queued (or is frozen): for a script to read a settled state after an action.
    /// With the app in its own process, that includes what its answers set off (a suspension
    /// after didEnterBackground returned).
    open func waitUntilIdle() async {
        // What the app ran may set off more (its answer to didEnterBackground, a suspension):
        // a few rounds, until a round sees no effect carried out.
        for _ in 0..<3 {
            let batches = await effectsCarriedOut()
            await link.waitUntilIdle()
            if shell.withLock({ $0.batches == batches && !$0.isPumping }) { return }
        }
    }

    /// Returns once no thread carries out effects; how many batches were carried out by then.
    private func effectsCarriedOut() async -> Int {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isIdle = shell.withLock { shell in
                guard shell.isPumping else { return true }
                shell.idleWaiters.append(continuation)
                return false
            }
            if isIdle { continuation.resume() }
        }
        return shell.withLock { $0.batches }
    }

    /// The device's wall-clock time now, as the console stamps it.
    public var date: Date { console.now }

    /// The wall-clock date of device time `time`.
    public func date(at time: Duration) -> Date {
        console.now.addingTimeInterval((time - loop.now).seconds)
    }

    /// The device time of the wall-clock `date`.
    public func deviceTime(of date: Date) -> Duration {
        loop.now + .milliseconds(Int64((date.timeIntervalSince(console.now) * 1000).rounded()))
    }

    // MARK: Feeding the machine

    /// Feeds one event to the machine under the lock, then carries out its effects — or leaves
    /// them to the thread already doing so, which takes them in order.
    @discardableResult
    package func handle<T>(_ event: (inout SystemStateMachine, Moment) -> (T, [SystemEffect])) -> T {
        let (result, mustPump) = shell.withLock { shell -> (T, Bool) in
            let revision = shell.machine.revision
            let moment = Moment(loop.now, appJobsStarted: link.appJobsStarted)
            let (result, effects) = event(&shell.machine, moment)
            shell.pending.append(contentsOf: effects)
            if shell.machine.revision != revision { shell.changed = true }
            let mustPump = !shell.isPumping && (!shell.pending.isEmpty || shell.changed)
            if mustPump {
                shell.isPumping = true
                shell.pumpingThread = pthread_self()
            }
            return (result, mustPump)
        }
        if mustPump { pump() }
        return result
    }

    /// Feeds an event that has no answer.
    func handle(_ event: (inout SystemStateMachine, Moment) -> [SystemEffect]) {
        handle { machine, moment in ((), event(&machine, moment)) }
    }

    /// Whether another thread than this one is carrying out effects now — a service's thread
    /// that fed an event — so that effects of this thread's calls may not be carried out yet.
    package var isPumpingElsewhere: Bool {
        shell.withLock { shell in shell.isPumping && shell.pumpingThread.map { pthread_equal($0, pthread_self()) == 0 } == true }
    }

    /// Reads the machine's state under the lock.
    package func read<T>(_ body: (SystemStateMachine) -> T) -> T {
        shell.withLock { body($0.machine) }
    }

    /// Carries out effects until none are left; only one thread does so at a time.
    private func pump() {
        var waiters: [CheckedContinuation<Void, Never>] = []
        defer { for waiter in waiters { waiter.resume() } }
        var isDone = false
        while !isDone {
            var changed = false
            guard let batch = takeBatch(releasing: &waiters) else {
                isDone = true
                continue
            }
            performEffects(batch.effects)
            changed = batch.changed
            if changed { observers.changes.notify(()) }
        }
    }

    /// The effects waiting, and whether `status` changed; nil when nothing is left, and then
    /// the pump stops and hands over who waited for it.
    private func takeBatch(
        releasing waiters: inout [CheckedContinuation<Void, Never>]
    ) -> (effects: [SystemEffect], changed: Bool)? {
        shell.withLock { shell in
            guard !shell.pending.isEmpty || shell.changed else {
                shell.isPumping = false
                shell.pumpingThread = nil
                swap(&waiters, &shell.idleWaiters)
                return nil
            }
            defer {
                shell.pending.removeAll(keepingCapacity: true)
                shell.changed = false
                shell.batches &+= 1
            }
            return (Array(shell.pending), shell.changed)
        }
    }

    /// With a `TestDevice`, runs the app's jobs that the last call caused; nothing here,
    /// where the app's thread runs them.
    open func settle() {}
}
