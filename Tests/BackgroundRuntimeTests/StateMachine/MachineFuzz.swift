@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Foundation

/// One seeded run of random events through a ``MachineRig``: the user's (launch, Home, open,
/// the lock, a call, termination, a restart), the app's (tasks, activities, timers, handlers
/// returning, completions, a crash), the services' (wake-ups, callbacks, memory pressure, the
/// device's conditions) and the machine's own timers as time passes. The same era and seed give
/// the same events. After each event the invariants (`MachineFuzz+Invariants.swift`) are
/// checked, and the first one broken is kept with the era, the seed and every event before it,
/// so that the failure can be replayed.
struct MachineFuzz {
    /// The `BGTaskScheduler` identifiers the app may submit: an app refresh's and a processing task's.
    static let taskIdentifiers = ["refresh", "clean"]

    let version: Int
    let seed: UInt64
    private(set) var rig: MachineRig
    var random: SeededRandom
    /// The events so far, each with the device time it came at.
    private(set) var events: [String] = []
    /// The first invariant broken, with the events that led to it; nil while all hold.
    var failure: String?
    /// Whether the machine has handled an event: its first announces the fetch schedule, which
    /// nothing has announced before.
    var hasHandledAnEvent = false

    /// Whether the app's code is frozen, as the shell follows it from the effects.
    var frozen = true
    /// The launch whose process runs, as the shell follows it: from its `finishLaunching` to its
    /// `endLaunch`.
    var liveLaunch: Int?
    /// The number of the latest launch, running or ended.
    var lastLaunch = 0
    /// The tasks the app holds.
    var held: [BackgroundTaskIdentifier] = []
    /// The activities the app's side and the services may end: those they began, and those the
    /// deliveries they were handed end.
    var tokens: [BackgroundActivityToken] = []
    /// What the running launch was handed and has not handled yet, oldest first.
    var inbox: [AppDelivery] = []

    /// A run in iOS `version`, for an app with every background mode the rules here follow;
    /// from iOS 13 even seeds give it a scene.
    init(iOS version: Int, seed: UInt64) {
        self.version = version
        self.seed = seed
        let scene = version >= 13 && seed.isMultiple(of: 2)
        rig = MachineRig(
            iOS: version, modes: [.fetch, .audio, .voip, .processing], permittedTaskIdentifiers: Self.taskIdentifiers,
            sceneManifest: scene ? SceneManifest(configurationName: "Default Configuration", delegateClassName: "SceneDelegate") : nil)
        random = SeededRandom(seed: seed)
    }

    /// Feeds `steps` random events, or fewer if an invariant breaks.
    mutating func run(_ steps: Int) {
        for _ in 0..<steps {
            guard failure == nil else { return }
            step()
        }
    }

    /// One random event; one in four lets time pass.
    mutating func step() {
        switch Int.random(in: 0..<48, using: &random) {
        case 0: feed("launch(user)") { $0.launch(reason: .user, at: $1) }
        case 1:
            let reason = [LaunchReason.fetch, .location, .backgroundTask].randomElement(using: &random)!
            feed("launch(\(reason.rawValue))") { $0.launch(reason: reason, at: $1) }
        case 2, 3: feed("pressHome") { $0.pressHome(at: $1) }
        case 4: feed("openApp") { $0.openApp(at: $1) }
        case 5:
            if rig.machine.conditions.isScreenLocked {
                feed("unlockScreen") { $0.unlockScreen(at: $1) }
            } else {
                feed("lockScreen") { $0.lockScreen(at: $1) }
            }
        case 6: call()
        case 7: ending()
        case 8, 9: beginAssertion()
        case 10: endAssertion()
        case 11, 12: backgroundHandlers()
        case 13: launchHandlers()
        case 14: activities()
        case 15: serviceCallbacks()
        case 16: appTimers()
        case 17: backgroundFetch()
        case 18: keepAlive()
        case 19: scheduledTasks()
        case 20: memory()
        case 21: condition()
        case 22, 23, 24, 25: probe()
        case 26...35: handleNextDelivery()
        default:
            let seconds = switch Int.random(in: 0..<10, using: &random) {
            case 0: Int64.random(in: 200...4000, using: &random)
            case 1, 2, 3: Int64.random(in: 10...200, using: &random)
            default: Int64.random(in: 1...10, using: &random)
            }
            advance(by: .seconds(seconds))
        }
    }

    // MARK: The user's events

    private mutating func call() {
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let presentation = [nil, CallPresentation.fullScreen, .banner].randomElement(using: &random)!
            feed("beginInterruption(\(presentation?.rawValue ?? "default"))") { $0.beginInterruption(presentation: presentation, at: $1) }
        case 1: feed("answerInterruption") { $0.answerInterruption(at: $1) }
        default: feed("endInterruption") { $0.endInterruption(at: $1) }
        }
    }

    /// The app's end: swiped away, ended by the system, crashed, or the device restarts.
    private mutating func ending() {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: feed("terminate(user)") { $0.terminate(.user, at: $1) }
        case 1: feed("terminate(system)") { $0.terminate(.system(reason: "fuzz"), at: $1) }
        case 2: feed("crash") { $0.crash("fuzz", at: $1) }
        default: feed("restart") { $0.restart(at: $1) }
        }
    }

    // MARK: The app's events

    /// The launch number the app's code passes: its own, or now and then an ended one's (a
    /// leftover task, a deinit).
    private mutating func appLaunchNumber() -> Int {
        let own = liveLaunch ?? lastLaunch
        return Int.random(in: 0..<6, using: &random) == 0 ? own - 1 : own
    }

    private mutating func beginAssertion() {
        let handler = Bool.random(using: &random)
        let number = appLaunchNumber()
        let location = SourceLocation(fileID: "Fuzz/App.swift", line: 1)
        let identifier = ask("beginAssertion(handler: \(handler), launch \(number))") {
            $0.beginAssertion(name: "fuzz", hasExpirationHandler: handler, begunAt: location, launchNumber: number, at: $1)
        }
        if identifier != .invalid { held.append(identifier) }
    }

    private mutating func endAssertion() {
        let identifier = held.isEmpty || Int.random(in: 0..<8, using: &random) == 0
            ? BackgroundTaskIdentifier(rawValue: Int.random(in: 0...rig.machine.nextAssertionID, using: &random))
            : held.remove(at: Int.random(in: 0..<held.count, using: &random))
        let number = appLaunchNumber()
        let location = SourceLocation(fileID: "Fuzz/App.swift", line: 2)
        feed("endAssertion(\(identifier), launch \(number))") {
            $0.endAssertion(identifier, endedAt: location, launchNumber: number, at: $1)
        }
    }

    /// didEnterBackground beginning and returning, and the expiration handlers returning, for
    /// the background run or, now and then, an earlier one.
    private mutating func backgroundHandlers() {
        let current = rig.machine.run?.id ?? rig.machine.runCount
        let run = Int.random(in: 0..<6, using: &random) == 0 ? current - 1 : current
        switch Int.random(in: 0..<4, using: &random) {
        case 0: feed("didEnterBackgroundBegan(run \(run))") { $0.didEnterBackgroundBegan(run: run, at: $1) }
        case 1: feed("didEnterBackgroundReturned(run \(run))") { $0.didEnterBackgroundReturned(run: run, at: $1) }
        case 2:
            feed("didEnterBackgroundBegan+Returned(run \(run))") {
                $0.didEnterBackgroundBegan(run: run, at: $1) + $0.didEnterBackgroundReturned(run: run, at: $1)
            }
        default: feed("expirationHandlersReturned(run \(run))") { $0.expirationHandlersReturned(run: run, at: $1) }
        }
    }

    /// didFinishLaunching beginning and returning, willEnterForeground beginning, willTerminate
    /// returning.
    private mutating func launchHandlers() {
        let number = appLaunchNumber()
        switch Int.random(in: 0..<5, using: &random) {
        case 0: feed("launchBegan(\(number))") { $0.launchBegan(number, at: $1) }
        case 1: feed("launchReturned(\(number))") { $0.launchReturned(number, at: $1) }
        case 2: feed("launchBegan+Returned(\(number))") { $0.launchBegan(number, at: $1) + $0.launchReturned(number, at: $1) }
        case 3: feed("foregroundTransitionBegan(\(number))") { $0.foregroundTransitionBegan(number, at: $1) }
        default: feed("willTerminateReturned(\(number))") { $0.willTerminateReturned(ofLaunch: number, at: $1) }
        }
    }

    /// An activity begun (a declared mode's, an undeclared one's, an event's), or one ended —
    /// held, or one never begun.
    private mutating func activities() {
        if Bool.random(using: &random) {
            let kind = [BackgroundActivity.Kind.mode(.audio), .mode(.location), .event].randomElement(using: &random)!
            let name = if case .mode(let mode) = kind { mode.rawValue } else { "event" }
            let token = ask("beginActivity(\(name))") { $0.beginActivity(BackgroundActivity(kind: kind, name: "fuzz"), at: $1) }
            events[events.count - 1] += " = activity \(token.id)"
            tokens.append(token)
        } else {
            let token = activityToken()
            feed("endActivity(\(token.id))") { $0.endActivity(token, at: $1) }
        }
    }

    /// One of the activities the app's side and the services know, or now and then one never begun.
    private mutating func activityToken() -> BackgroundActivityToken {
        guard !tokens.isEmpty, Int.random(in: 0..<6, using: &random) != 0 else {
            return BackgroundActivityToken(id: rig.machine.nextActivityID)
        }
        return tokens.randomElement(using: &random)!
    }

    /// A service wakes the app for an event, with or without a time limit, which the app begins
    /// to handle; or posts it a callback that waits for a suspended app, or is dropped.
    private mutating func serviceCallbacks() {
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let limit: Duration? = Bool.random(using: &random) ? .seconds(10) : nil
            _ = ask("wake(limit: \(limit.map { "\($0.secondsText) s" } ?? "none"))") {
                $0.wake(for: "fuzz event", timeLimit: limit, at: $1) { .serviceEvent(1, endingActivity: $0) }
            }
        case 1:
            let token = activityToken()
            feed("eventHandlingBegan(\(token.id))") { $0.eventHandlingBegan(token, at: $1) }
        default:
            let whileSuspended = [SuspendedDelivery.hold, .drop].randomElement(using: &random)!
            let wasSuspended = rig.machine.appState == .suspended
            let posted = ask("post(whileSuspended: \(whileSuspended))") {
                $0.post(whileSuspended: whileSuspended, Self.heldCallback, at: $1)
            }
            if wasSuspended, whileSuspended == .drop {
                expect(!posted && rig.deliveryEffects.isEmpty, "a callback to drop was delivered to a suspended app")
            }
        }
    }

    private mutating func appTimers() {
        let timers = rig.machine.appTimers.keys.sorted()
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let interval = Duration.seconds(Int64.random(in: 1...120, using: &random))
            let repeats = Bool.random(using: &random)
            let number = appLaunchNumber()
            let id = ask("scheduleAppTimer(\(interval.secondsText) s, repeats: \(repeats), launch \(number))") {
                $0.scheduleAppTimer(interval: interval, repeats: repeats, launchNumber: number, at: $1)
            }
            events[events.count - 1] += " = timer \(id)"
        case 1:
            let id = timers.randomElement(using: &random) ?? rig.machine.nextAppTimerID
            feed("cancelAppTimer(\(id))") { $0.cancelAppTimer(id, at: $1) }
        default:
            let id = timers.randomElement(using: &random) ?? rig.machine.nextAppTimerID
            feed("appTimerFireStarted(\(id))") { $0.appTimerFireStarted(id, at: $1) }
        }
    }

    private mutating func backgroundFetch() {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: feed("setBackgroundFetchInterval(minimum)") { $0.setBackgroundFetchInterval(.minimum, at: $1) }
        case 1: feed("simulateBackgroundFetch") { $0.simulateBackgroundFetch(at: $1) }
        default:
            let inFlight = rig.machine.fetch.inFlight.keys.sorted()
            let number = inFlight.randomElement(using: &random) ?? rig.machine.fetch.nextNumber - 1
            let result = BackgroundFetchResult.allCases.randomElement(using: &random)!
            let launch = appLaunchNumber()
            feed("completeFetch(\(number), launch \(launch), \(result.rawValue))") {
                $0.completeFetch(number, ofLaunch: launch, with: result, at: $1)
            }
        }
    }

    private mutating func keepAlive() {
        let number = appLaunchNumber()
        if Bool.random(using: &random) {
            let interval = Duration.seconds(Int64.random(in: 590...900, using: &random))
            _ = ask("setKeepAlive(\(interval.secondsText) s, launch \(number))") {
                $0.setKeepAlive(interval: interval, launchNumber: number, at: $1)
            }
        } else {
            feed("clearKeepAlive(launch \(number))") { $0.clearKeepAlive(launchNumber: number, at: $1) }
        }
    }

    /// `BGTaskScheduler`: a request submitted, a task completed, Xcode's simulated launch and
    /// expiration.
    private mutating func scheduledTasks() {
        let kind = ScheduledTaskRequest.Kind.allCases.randomElement(using: &random)!
        let identifier = kind == .appRefresh ? Self.taskIdentifiers[0] : Self.taskIdentifiers[1]
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            let request = ScheduledTaskRequest(
                kind: kind, identifier: identifier, requiresExternalPower: kind == .processing && Bool.random(using: &random))
            _ = ask("submitTaskRequest(\(identifier))") { $0.submitTaskRequest(request, at: $1) }
        case 1:
            let run = rig.machine.tasks.running.keys.sorted().randomElement(using: &random) ?? rig.machine.tasks.nextRun - 1
            let number = appLaunchNumber()
            let success = Bool.random(using: &random)
            feed("completeTask(run \(run), launch \(number))") { $0.completeTask(run: run, ofLaunch: number, success: success, at: $1) }
        case 2: _ = ask("simulateLaunchOfTask(\(identifier))") { $0.simulateLaunchOfTask(identifier: identifier, at: $1) }
        default: _ = ask("simulateExpirationOfTask(\(identifier))") { $0.simulateExpirationOfTask(identifier: identifier, at: $1) }
        }
    }

    /// The app's code handles the oldest delivery it was handed that the system waits on, as an
    /// app does: it returns from its handler, ends the task an expiration handler is for, calls
    /// the completion handler. Nothing while its code is frozen.
    private mutating func handleNextDelivery() {
        guard !frozen, let number = liveLaunch, let index = inbox.firstIndex(where: Self.isAwaited) else { return }
        let delivery = inbox[index]
        inbox.removeFirst(index + 1)
        switch delivery {
        case .finishLaunching:
            feed("launchBegan+Returned(\(number))") { $0.launchBegan(number, at: $1) + $0.launchReturned(number, at: $1) }
        case .returnToForeground:
            feed("foregroundTransitionBegan+launchReturned(\(number))") {
                $0.foregroundTransitionBegan(number, at: $1) + $0.launchReturned(number, at: $1)
            }
        case .didEnterBackground(let run):
            feed("didEnterBackgroundBegan+Returned(run \(run))") {
                $0.didEnterBackgroundBegan(run: run, at: $1) + $0.didEnterBackgroundReturned(run: run, at: $1)
            }
        case .willTerminate: feed("willTerminateReturned(\(number))") { $0.willTerminateReturned(ofLaunch: number, at: $1) }
        case .expirationHandler(let identifier):
            held.removeAll { $0 == identifier }
            let location = SourceLocation(fileID: "Fuzz/App.swift", line: 5)
            feed("endAssertion(\(identifier), launch \(number)) in its expiration handler") {
                $0.endAssertion(identifier, endedAt: location, launchNumber: number, at: $1)
            }
        case .expirationHandlersReturned(let run):
            feed("expirationHandlersReturned(run \(run))") { $0.expirationHandlersReturned(run: run, at: $1) }
        case .timerFire(let id): feed("appTimerFireStarted(\(id))") { $0.appTimerFireStarted(id, at: $1) }
        case .performFetch(let fetch):
            feed("completeFetch(\(fetch), launch \(number), newData)") { $0.completeFetch(fetch, ofLaunch: number, with: .newData, at: $1) }
        case .launchTask(let run, _, _), .expireTask(let run):
            feed("completeTask(run \(run), launch \(number))") { $0.completeTask(run: run, ofLaunch: number, success: true, at: $1) }
        default:
            if let token = Self.activityEnded(by: delivery) { feed("endActivity(\(token.id)) as handled") { $0.endActivity(token, at: $1) } }
        }
    }

    /// Whether the system waits for the app's answer to `delivery`: a handler returning, a
    /// task ended, a completion handler called, an activity ended.
    private static func isAwaited(_ delivery: AppDelivery) -> Bool {
        switch delivery {
        case .finishLaunching, .returnToForeground, .didEnterBackground, .willTerminate, .expirationHandler,
            .expirationHandlersReturned, .timerFire, .performFetch, .launchTask, .expireTask:
            true
        default:
            activityEnded(by: delivery) != nil
        }
    }

    // MARK: The system's events

    /// Memory pressure, with the app's footprint now and then; or a prewarm.
    private mutating func memory() {
        guard Int.random(in: 0..<4, using: &random) != 0 else {
            _ = ask("prewarm") { $0.prewarm(at: $1) }
            return
        }
        let level = MemoryPressureLevel.allCases.randomElement(using: &random)!
        let declared = Bool.random(using: &random) ? Int.random(in: 10...120, using: &random) << 20 : nil
        feed("memoryPressure(\(level.rawValue), declared: \(declared.map { "\($0 >> 20) MB" } ?? "none"))") {
            $0.memoryPressure(level, declared: declared, measured: nil, need: nil, at: $1)
        }
    }

    /// One of the device's conditions that background work follows, switched.
    private mutating func condition() {
        let conditions = rig.machine.conditions
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            let on = !conditions.isOnExternalPower
            feed("externalPower(\(on))") { $0.setCondition(\.isOnExternalPower, to: on, "External power: \(on)", at: $1) }
        case 1:
            let on = !conditions.hasNetworkConnectivity
            feed("network(\(on))") { $0.setCondition(\.hasNetworkConnectivity, to: on, "Network: \(on)", at: $1) }
        case 2:
            let on = !conditions.isLowPowerModeEnabled
            feed("lowPowerMode(\(on))") {
                $0.setCondition(\.isLowPowerModeEnabled, to: on, "Low Power Mode: \(on)", notice: .powerStateDidChange, at: $1)
            }
        default:
            let on = !conditions.isBackgroundAppRefreshEnabled
            feed("backgroundAppRefresh(\(on))") {
                $0.setCondition(
                    \.isBackgroundAppRefreshEnabled, to: on, "Background App Refresh: \(on)",
                    notice: .backgroundRefreshStatusDidChange, at: $1)
            }
        }
    }

    /// Fires the timers due within `duration`, in order, as the shell's loop would, then moves
    /// time to its end.
    mutating func advance(by duration: Duration) {
        let end = rig.now + duration
        while let next = rig.timers.map(\.deadline).min(), next <= end {
            note("timer")
            rig.fireNextTimer()
            hasHandledAnEvent = true
            observe(rig.effects)
        }
        rig.now = end
        note("time passes")
        check()
    }

    // MARK: Feeding

    /// Notes an event, at the device's time.
    mutating func note(_ name: String) {
        events.append("\(rig.now.secondsText) s: \(name)")
    }

    /// Feeds one event and checks what it did.
    mutating func feed(_ name: String, _ event: (inout SystemStateMachine, Moment) -> [SystemEffect]) {
        note(name)
        rig.feed(event)
        hasHandledAnEvent = true
        observe(rig.effects)
        check()
    }

    /// Feeds one event that answers, checks what it did, and returns the answer.
    mutating func ask<Answer>(_ name: String, _ event: (inout SystemStateMachine, Moment) -> (Answer, [SystemEffect])) -> Answer {
        note(name)
        let answer = rig.ask(event)
        hasHandledAnEvent = true
        observe(rig.effects)
        check()
        return answer
    }
}
