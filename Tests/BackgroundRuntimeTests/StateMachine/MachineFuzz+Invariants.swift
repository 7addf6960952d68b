@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Foundation

/// What holds whatever the order of the events: in the effects, as the shell carries them out;
/// in the machine's state after each event; and in the events the machine's own words say do
/// nothing.
extension MachineFuzz {
    /// The callback a service posts to be held for a suspended app (``SuspendedDelivery/hold``).
    static let heldCallback = AppDelivery.serviceEvent(2, endingActivity: nil)

    /// Whether `delivery` waits for a suspended app's resume by design: a callback posted to be
    /// held, or a notice of the device's, which iOS queues for a suspended app and delivers when
    /// it runs again (App Programming Guide for iOS, “Processing Queued Notifications at Wakeup
    /// Time”).
    static func waitsForResume(_ delivery: AppDelivery) -> Bool {
        if case .systemNotification = delivery { return true }
        return delivery == heldCallback
    }

    /// The activity the app's side ends once `delivery` is handled, if any.
    static func activityEnded(by delivery: AppDelivery) -> BackgroundActivityToken? {
        switch delivery {
        case .keepAlive(let token): token
        case .serviceMessage(_, let token), .remoteCommand(_, let token), .notificationResponse(_, let token): token
        default: nil
        }
    }

    /// Keeps the first broken invariant, with the era, the seed and every event so far.
    mutating func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        guard !condition, failure == nil else { return }
        let numbered = events.enumerated().map { "\($0.offset + 1). \($0.element)" }
        failure = "\(message())\niOS \(version), seed \(seed) (replay: MachineFuzz(iOS: \(version), seed: \(seed)))"
            + ", after \(events.count) events:\n" + numbered.joined(separator: "\n")
    }

    // MARK: The effects

    /// Follows an event's effects in order, as the shell carries them out, checking that:
    /// - one launch runs at a time: a launch begins (its `finishLaunching`) only once the one
    ///   before has ended (its `endLaunch`), with a higher number, and every delivery goes to the
    ///   launch that runs;
    /// - no delivery is left waiting on a frozen app: one made while the app is frozen, or just
    ///   before it is frozen, must be followed by its thaw in the same event — but for those that
    ///   wait for a resume by design (``waitsForResume(_:)``), or a launch that ends (its jobs are
    ///   dropped);
    /// - no timer is set to fall due before the event's time;
    /// - an app is suspended only when nothing keeps it running: its didEnterBackground returned,
    ///   it holds no task, and no activity of a declared mode or an event needs it.
    mutating func observe(_ effects: [SystemEffect]) {
        var unrun: [SystemEffect] = []
        var waiting: [SystemEffect] = []
        var suspended = false
        for effect in effects {
            switch effect {
            case .thawApp:
                frozen = false
                waiting.removeAll()
            case .freezeApp:
                frozen = true
                waiting += unrun
                unrun.removeAll()
            case .deliver(let delivery, let number):
                if case .finishLaunching = delivery {
                    let (live, last) = (liveLaunch, lastLaunch)
                    expect(live == nil, "launch \(number) began while launch \(live ?? 0) runs")
                    expect(number > last, "launch \(number) is not numbered after launch \(last)")
                    liveLaunch = number
                    lastLaunch = number
                }
                let live = liveLaunch
                expect(number == live, "\(effect) goes to another launch than the one that runs (\(live.map(String.init) ?? "none"))")
                if let token = Self.activityEnded(by: delivery) { tokens.append(token) }
                inbox.append(delivery)
                if Self.waitsForResume(delivery) { continue }
                if frozen { waiting.append(effect) } else { unrun.append(effect) }
            case .endLaunch(let number):
                let live = liveLaunch
                expect(number == live, "endLaunch(\(number)) while launch \(live.map(String.init) ?? "none") runs")
                liveLaunch = nil
                inbox.removeAll()
                unrun.removeAll()
                waiting.removeAll()
            case .scheduleTimer(let token):
                let now = rig.machine.now
                expect(token.deadline >= now, "timer \(token) set to fall due at \(token.deadline.secondsText) s, before now")
            case .announceStateChange(let change):
                suspended = change.to == .suspended
            default:
                break
            }
        }
        expect(waiting.isEmpty, "deliveries left waiting on a frozen app: \(waiting)")
        let machine = rig.machine
        if suspended, machine.appState == .suspended {
            expect(machine.run?.awaitingDidEnterBackground == false, "suspended before its didEnterBackground returned")
            expect(machine.assertions.isEmpty, "suspended holding \(machine.assertionsInOrder.map(\.summary))")
            let keeping = machine.activities.values.filter(machine.keepsRunningInBackground)
            expect(keeping.isEmpty, "suspended while \(keeping.map(\.name)) keep it running")
        }
    }

    // MARK: The state

    /// The invariants of the machine's state after an event, at the device's time (the timers
    /// due by then have fired).
    mutating func check() {
        let machine = rig.machine
        let state = machine.appState
        let budget = machine.profile.finiteTaskBudget
        let (now, live, shellTimers) = (rig.now, liveLaunch, rig.timers.count)
        expect(
            machine.launch?.number == live,
            "the machine's launch (\(machine.launch.map { "\($0.number)" } ?? "none")) is not the process that runs "
                + "(\(live.map(String.init) ?? "none"))")
        if state.isRunning {
            expect(!frozen, "a running (\(state)) app's code is frozen")
        } else {
            expect(frozen, "a \(state) app's code is not frozen")
            expect(machine.assertions.isEmpty, "a \(state) app holds \(machine.assertionsInOrder.map(\.summary))")
            held.removeAll()
        }
        if state == .notRunning {
            expect(machine.launch == nil && machine.run == nil, "a launch or a background run outlives its app")
            expect(
                machine.activities.isEmpty && machine.appTimers.isEmpty && machine.keepAlive == nil
                    && machine.screenWatchdog == nil && machine.tasks.running.isEmpty,
                "what the app's process held outlives it: activities \(machine.activities.values.map(\.name)), "
                    + "timers \(machine.appTimers.keys.sorted()), keep-alive \(machine.keepAlive != nil), "
                    + "watchdog \(machine.screenWatchdog != nil), BG tasks \(machine.tasks.running.keys.sorted())")
            tokens.removeAll()
        }
        if state.isForeground { expect(machine.run == nil, "an app on screen (\(state)) has a background run") }
        if let keepAlive = machine.keepAlive {
            expect(keepAlive.launchNumber == machine.launch?.number, "the keep-alive handler of launch \(keepAlive.launchNumber) outlives it")
        }

        if let remaining = machine.backgroundTimeRemaining(at: now) {
            expect(remaining >= .zero && remaining <= budget, "backgroundTimeRemaining is \(remaining.secondsText) s")
        }
        if state == .background, !machine.assertions.isEmpty, let run = machine.run {
            expect(
                run.start + budget >= now,
                "the app holds a task \((now - run.start).secondsText) s into its background run, beyond its \(budget.secondsText) s budget")
        }
        for fetch in machine.fetch.inFlight.values where fetch.launchNumber == machine.launch?.number {
            expect(
                fetch.start + machine.profile.fetchBudget >= now,
                "background fetch \(fetch.number) runs \((now - fetch.start).secondsText) s, beyond its budget")
            expect(machine.activities[fetch.activity.id] != nil, "background fetch \(fetch.number) no longer holds the app")
        }
        for task in machine.tasks.running.values {
            expect(task.launchNumber == machine.launch?.number, "BG task run \(task.run) outlives its launch \(task.launchNumber)")
            expect(machine.activities[task.activity.id] != nil, "BG task run \(task.run) no longer holds the app")
        }
        expect(
            machine.runningTimers == shellTimers, "the machine runs \(machine.runningTimers) timers, the shell \(shellTimers)")
    }

    // MARK: Events that do nothing

    /// An event that, in the state the machine is in, does nothing by the machine's own words —
    /// Home off screen, a launch of a running app, the end of an app that does not run, a call
    /// that is not there, a lock of a locked screen, the code of an ended launch, an activity or
    /// a timer never begun — fed to a copy of the machine at the moment it last saw: the copy
    /// must still equal the machine, and no effect come out. None before the machine's first event.
    mutating func probe() {
        guard hasHandledAnEvent else { return }
        let machine = rig.machine
        let ended = machine.launch.map { $0.number - 1 } ?? machine.launchCount
        let noRun = machine.runCount + 1
        var probes: [(name: String, event: (inout SystemStateMachine, Moment) -> [SystemEffect])] = [
            ("endActivity(never begun)", { $0.endActivity(BackgroundActivityToken(id: machine.nextActivityID), at: $1) }),
            ("timerFired(never set)", { $0.timerFired(SystemTimerToken(rawValue: 0, deadline: .zero), at: $1) }),
            ("didEnterBackgroundReturned(run \(noRun))", { $0.didEnterBackgroundReturned(run: noRun, at: $1) }),
            ("expirationHandlersReturned(run \(noRun))", { $0.expirationHandlersReturned(run: noRun, at: $1) }),
            ("endAssertion(1, ended launch \(ended))", {
                $0.endAssertion(BackgroundTaskIdentifier(rawValue: 1), endedAt: SourceLocation(fileID: "Fuzz/App.swift", line: 3), launchNumber: ended, at: $1)
            }),
            ("beginAssertion(ended launch \(ended))", {
                $0.beginAssertion(name: nil, hasExpirationHandler: true, begunAt: SourceLocation(fileID: "Fuzz/App.swift", line: 4), launchNumber: ended, at: $1).1
            }),
            ("completeFetch(ended launch \(ended))", { $0.completeFetch(machine.fetch.nextNumber - 1, ofLaunch: ended, with: .newData, at: $1) }),
            ("completeTask(ended launch \(ended))", { $0.completeTask(run: machine.tasks.nextRun - 1, ofLaunch: ended, success: true, at: $1) }),
            ("willTerminateReturned(ended launch \(ended))", { $0.willTerminateReturned(ofLaunch: ended, at: $1) }),
            ("launchBegan(ended launch \(ended))", { $0.launchBegan(ended, at: $1) }),
            ("launchReturned(ended launch \(ended))", { $0.launchReturned(ended, at: $1) }),
            ("foregroundTransitionBegan(ended launch \(ended))", { $0.foregroundTransitionBegan(ended, at: $1) }),
            ("clearKeepAlive(ended launch \(ended))", { $0.clearKeepAlive(launchNumber: ended, at: $1) }),
        ]
        if !machine.appState.isForeground { probes.append(("pressHome off screen", { $0.pressHome(at: $1) })) }
        if machine.appState == .notRunning {
            probes.append(("terminate(user) of an app that does not run", { $0.terminate(.user, at: $1) }))
            probes.append(("crash of an app that does not run", { $0.crash("fuzz", at: $1) }))
        } else {
            probes.append(("launch(user) of a running app", { $0.launch(reason: .user, at: $1) }))
            probes.append(("launch(fetch) of a running app", { $0.launch(reason: .fetch, at: $1) }))
        }
        if machine.call == nil { probes.append(("endInterruption without a call", { $0.endInterruption(at: $1) })) }
        if case .ringing = machine.call {} else {
            probes.append(("answerInterruption without a call ringing", { $0.answerInterruption(at: $1) }))
        }
        if machine.conditions.isScreenLocked {
            probes.append(("lockScreen of a locked screen", { $0.lockScreen(at: $1) }))
        } else {
            probes.append(("unlockScreen of an unlocked screen", { $0.unlockScreen(at: $1) }))
        }

        let probe = probes.randomElement(using: &random)!
        note("probe: \(probe.name)")
        var copy = machine
        let effects = probe.event(&copy, Moment(machine.now, appJobsStarted: machine.appJobsStarted))
        expect(effects.isEmpty, "\(probe.name) did something: \(effects)")
        expect(copy == machine, "\(probe.name) changed the machine: \(Self.changes(from: machine, to: copy))")
    }

    /// The stored properties of the machine that differ between `old` and `new`, by name.
    static func changes(from old: SystemStateMachine, to new: SystemStateMachine) -> [String] {
        zip(Mirror(reflecting: old).children, Mirror(reflecting: new).children).compactMap { before, after in
            let (was, now) = (String(describing: before.value), String(describing: after.value))
            return was == now ? nil : "\(before.label ?? "?"): \(was) → \(now)"
        }
    }
}
