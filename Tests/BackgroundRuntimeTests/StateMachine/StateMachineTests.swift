@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Testing

/// The system's rules as a value: events in, effects out, no clock, no I/O, no app.
@Suite("The state machine")
struct StateMachineTests {
    @Test func aUserLaunchDeliversTheLifecycleInIOSOrder() {
        var rig = MachineRig()
        let effects = rig.feed { $0.launch(reason: .user, at: $1) }
        #expect(effects.filter { !$0.hasPrefix("schedule") && !$0.hasPrefix("fetchSchedule") } == [
            "log(State: notRunning → inactive)", "announce(notRunning → inactive)", "thaw",
            "deliver(finishLaunching(user) to launch 1)",
            "log(State: inactive → active)", "announce(inactive → active)", "thaw",
            "deliver(didBecomeActive to launch 1)",
        ])
        #expect(rig.machine.appState == .active)
    }

    /// Found by the state fuzz: a launch that ended by its willTerminate returning kept its
    /// background run, and the next launch came on screen with it.
    @Test func anAppThatEndsLeavesNoBackgroundRunBehind() {
        var rig = MachineRig(iOS: 7, modes: [.fetch])
        rig.feed { $0.launch(reason: .fetch, at: $1) }
        #expect(rig.machine.run != nil)
        rig.feed { $0.willTerminateReturned(ofLaunch: 1, at: $1) }
        #expect(rig.machine.appState == .notRunning)
        #expect(rig.machine.run == nil)
        rig.feed { $0.openApp(at: $1) }
        #expect(rig.machine.appState == .active)
        #expect(rig.machine.run == nil)
    }

    /// Found by the state fuzz: a BG task outlived the launch it ran in, and when its time ran
    /// low its expiration handler was delivered to the next launch — suspended, so it waited
    /// there frozen, for a task that launch never had.
    @Test func aBGTaskEndsWithItsLaunch() throws {
        var rig = MachineRig(iOS: 13, modes: [.processing], permittedTaskIdentifiers: ["clean"])
        rig.feed { $0.launch(reason: .user, at: $1) }
        try rig.ask { $0.submitTaskRequest(ScheduledTaskRequest(kind: .processing, identifier: "clean"), at: $1) }.get()
        rig.feed { $0.crash("first", at: $1) }
        try rig.ask { $0.simulateLaunchOfTask(identifier: "clean", at: $1) }.get()
        #expect(rig.deliveryEffects.contains(.deliver(.launchTask(run: 1, identifier: "clean", kind: .processing), toLaunch: 2)))
        rig.feed { $0.crash("while the task runs", at: $1) }
        #expect(rig.machine.tasks.running.isEmpty)

        rig.feed { $0.launch(reason: .user, at: $1) }
        let run = rig.pressHome()
        rig.feed { $0.didEnterBackgroundReturned(run: run, at: $1) }
        #expect(rig.machine.appState == .suspended)
        #expect(rig.timers.isEmpty, "the task's expiration and deadline went with its launch")
    }

    /// Found by the state fuzz: an activity a service began as the app ended was kept, and the
    /// next launch was never suspended.
    @Test func anActivityBegunForAnAppThatIsNotRunningHoldsNothing() {
        var rig = MachineRig(modes: [.audio])
        let token = rig.ask { $0.beginActivity(BackgroundActivity(kind: .mode(.audio), name: "Playing"), at: $1) }
        #expect(rig.machine.activities.isEmpty)
        let run = rig.launchAndPressHome()
        rig.feed { $0.didEnterBackgroundReturned(run: run, at: $1) }
        #expect(rig.machine.appState == .suspended)
        let suspended = rig.machine
        #expect(rig.feed { $0.endActivity(token, at: $1) }.isEmpty)
        #expect(rig.machine == suspended, "its end ends nothing")
    }

    @Test func homeSuspendsOnlyOnceDidEnterBackgroundReturned() {
        var rig = MachineRig()
        let run = rig.launchAndPressHome()
        #expect(rig.deliveryEffects == [
            .deliver(.lifecycle(.willResignActive), toLaunch: 1), .deliver(.didEnterBackground(run: run), toLaunch: 1),
        ])
        #expect(rig.machine.appState == .background)
        #expect(rig.deadlines == [5])
        let effects = rig.feed { $0.didEnterBackgroundReturned(run: run, at: $1) }
        #expect(effects.contains("log(State: background → suspended)"))
        #expect(effects.contains("freeze"))
        #expect(rig.timers.isEmpty, "the grace timer is cancelled")
    }

    @Test func aDidEnterBackgroundThatNeverReturnsGetsTheAppTerminatedAfterTheGrace() {
        var rig = MachineRig()
        _ = rig.launchAndPressHome()
        rig.fireNextTimer()
        #expect(rig.now == .seconds(5))
        #expect(rig.lines.first == "didEnterBackground did not return within 5 s")
        #expect(rig.lines.suffix(2) == [
            "State: background → notRunning",
            "Exit reason: appWatchdog (iOS 10 has no MetricKit exit counts; from iOS 14 it counts this in MXBackgroundExitData.cumulativeAppWatchdogExitCount)",
        ])
        #expect(rig.machine.lastTermination == .system(reason: "failed to suspend in time"))
        #expect(rig.machine.exits.background == [.appWatchdog: 1])
    }

    /// Backgrounder's model: an app launched into the background whose code has not run yet
    /// (its own process still starting) gets the grace again, three times at most.
    @Test func aLaunchedAppWhoseCodeHasNotRunYetGetsTheGraceAgainUpToThreeTimes() throws {
        var waiting = MachineRig()
        waiting.feed { $0.launch(reason: .fetch, at: $1) }
        for _ in 0..<3 { waiting.fireNextTimer() }
        #expect(waiting.now == .seconds(15))
        #expect(waiting.machine.appState == .background, "no code of the app has run: not its failure yet")
        waiting.fireNextTimer()
        #expect(waiting.now == .seconds(20))
        #expect(waiting.lines.contains("didEnterBackground did not return within 5 s"))
        #expect(waiting.machine.exits.background == [.appWatchdog: 1])

        // Its launch's code ran, but its didEnterBackground began only at 7 s: the grace counts
        // from then, and the watchdog comes 5 s later, at 12 s.
        var late = MachineRig()
        late.feed { $0.launch(reason: .fetch, at: $1) }
        late.appJobsStarted += 1
        late.fireNextTimer()
        #expect(late.machine.appState == .background, "its didEnterBackground has not begun: not its failure yet")
        late.now = .seconds(7)
        let run = try #require(late.machine.run?.id)
        late.feed { $0.didEnterBackgroundBegan(run: run, at: $1) }
        late.fireNextTimer()
        #expect(late.now == .seconds(12))
        #expect(late.machine.exits.background == [.appWatchdog: 1], "its handler began and did not return")

        // A handler that begins and returns in time: its grace is over, no watchdog to come.
        var prompt = MachineRig()
        prompt.feed { $0.launch(reason: .fetch, at: $1) }
        let promptRun = try #require(prompt.machine.run?.id)
        prompt.feed { $0.didEnterBackgroundBegan(run: promptRun, at: $1) }
        prompt.feed { $0.didEnterBackgroundReturned(run: promptRun, at: $1) }
        #expect(prompt.machine.run?.awaitingDidEnterBackground == false)
        #expect(prompt.machine.run?.graceTimer == nil)
    }

    @Test func anEventsTimeLimitCountsFromWhenTheAppBeginsToHandleIt() throws {
        var rig = MachineRig()
        let run = rig.launchAndPressHome()
        rig.feed { $0.didEnterBackgroundReturned(run: run, at: $1) }
        #expect(rig.machine.appState == .suspended)
        var token: BackgroundActivityToken?
        let woke = rig.ask { machine, moment in
            machine.wake(for: "the device entered region Cafe", timeLimit: .seconds(10), at: moment) { activity in
                token = activity
                return .serviceEvent(1, endingActivity: activity)
            }
        }
        let activity = try #require(token)
        #expect(woke && rig.machine.appState == .background)
        let resumed = rig.machine.run!.id
        rig.feed { $0.didEnterBackgroundReturned(run: resumed, at: $1) }
        // The app's process takes 15 s to get to the event: the limit has not started.
        #expect(!rig.deadlines.contains(10))
        rig.now = .seconds(15)
        rig.feed { $0.eventHandlingBegan(activity, at: $1) }
        #expect(rig.deadlines.contains(25))
        rig.fireNextTimer()
        #expect(rig.now == .seconds(25))
        #expect(rig.lines.first == "The app did not handle the device entered region Cafe within 10 s; the event no longer keeps it running")
        #expect(rig.machine.appState == .suspended)
    }

    @Test func anEventHandledInTimeStopsItsTimeLimit() throws {
        var rig = MachineRig()
        let run = rig.launchAndPressHome()
        rig.feed { $0.didEnterBackgroundReturned(run: run, at: $1) }
        var token: BackgroundActivityToken?
        _ = rig.ask { machine, moment in
            machine.wake(for: "the device left region Cafe", timeLimit: .seconds(10), at: moment) { activity in
                token = activity
                return .serviceEvent(1, endingActivity: activity)
            }
        }
        let activity = try #require(token)
        let resumed = rig.machine.run!.id
        rig.feed { $0.didEnterBackgroundReturned(run: resumed, at: $1) }
        rig.feed { $0.eventHandlingBegan(activity, at: $1) }
        #expect(rig.deadlines == [10])
        rig.now = .seconds(2)
        rig.feed { $0.endActivity(activity, at: $1) }
        #expect(rig.machine.appState == .suspended)
        #expect(rig.timers.isEmpty, "the time limit's timer is cancelled with the event")
    }

    @Test func theBudgetRunsOutInIOSOrderExpirationThenTheWatchdog() {
        var rig = MachineRig()
        rig.feed { $0.launch(reason: .user, at: $1) }
        let identifier = rig.ask { $0.beginAssertion(name: "Fibonacci", hasExpirationHandler: true, begunAt: SourceLocation(fileID: "W.swift", line: 7), launchNumber: 1, at: $1) }
        #expect(identifier == BackgroundTaskIdentifier(rawValue: 1))
        let run = rig.pressHome()
        rig.feed { $0.didEnterBackgroundReturned(run: run, at: $1) }
        #expect(rig.machine.appState == .background, "an assertion keeps the app running")
        #expect(rig.deadlines == [175, 180])
        rig.fireNextTimer()
        #expect(rig.deliveryEffects == [
            .deliver(.expirationHandler(identifier), toLaunch: 1), .deliver(.expirationHandlersReturned(run: run), toLaunch: 1),
        ])
        rig.fireNextTimer()
        #expect(rig.now == .seconds(180))
        #expect(rig.lines.first?.hasPrefix("Diagnostic [leaked-assertion]: \"Fibonacci\" (identifier 1, begun at W.swift:7)") == true,
                "the task still held as the budget ends, reported just before the timeout")
        #expect(rig.lines.dropFirst().first?.hasPrefix(
            "Diagnostic [assertion-timeout]: <BKNewProcess: 0x17d7002a; com.raywenderlich.TheBackgrounder; pid: 42; hostpid: -1> "
                + "has active assertions beyond permitted time: {(<BKProcessAssertion: 0x17d7002a> id: 42-1 name: Fibonacci process: "
                + "<BKNewProcess: 0x17d7002a; com.raywenderlich.TheBackgrounder; pid: 42; hostpid: -1> permittedBackgroundDuration: "
                + "180.000000 reason: finishTask owner pid:42 preventSuspend preventIdleSleep preventSuspendOnSleep)} — held: "
                + "\"Fibonacci\" (identifier 1, begun at W.swift:7)") == true, "iOS 10's words: BackBoard's, by process")
        #expect(rig.lines.contains("Exception Type: EXC_CRASH (SIGKILL) — Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d"))
        #expect(rig.machine.appState == .notRunning)
        #expect(rig.effects.last == .endLaunch(1))
    }

    @Test func codeAfterTheExpirationHandlersIsToldByTheAppsJobCount() {
        var rig = MachineRig()
        rig.feed { $0.launch(reason: .user, at: $1) }
        let identifier = rig.ask { $0.beginAssertion(name: nil, hasExpirationHandler: true, begunAt: SourceLocation(fileID: "W.swift", line: 1), launchNumber: 1, at: $1) }
        let run = rig.pressHome()
        rig.feed { $0.didEnterBackgroundReturned(run: run, at: $1) }
        rig.fireNextTimer()
        rig.appJobsStarted = 10
        rig.feed { $0.expirationHandlersReturned(run: run, at: $1) }
        rig.appJobsStarted = 11
        rig.feed { $0.endAssertion(identifier, endedAt: SourceLocation(fileID: "W.swift", line: 2), launchNumber: 1, at: $1) }
        #expect(rig.lines.first?.hasPrefix("Diagnostic [code-after-expiration]: unnamed task (identifier 1") == true)
        #expect(rig.machine.appState == .suspended)
    }

    @Test func aCancelledTimerThatFiresAnywayChangesNothing() throws {
        var rig = MachineRig()
        let run = rig.launchAndPressHome()
        let grace = try #require(rig.timers.first)
        rig.feed { $0.didEnterBackgroundReturned(run: run, at: $1) }
        let before = rig.machine
        #expect(rig.feed { $0.timerFired(grace, at: $1) }.isEmpty)
        #expect(rig.machine == before)
    }

    @Test func theSameEventsAtTheSameMomentsGiveTheSameEffectsAndTheSameMachine() {
        func script() -> (effects: [SystemEffect], machine: SystemStateMachine) {
            var rig = MachineRig(modes: [.fetch])
            var all: [SystemEffect] = []
            rig.feed { $0.launch(reason: .user, at: $1) }
            all += rig.effects
            rig.feed { $0.setBackgroundFetchInterval(.minimum, at: $1) }
            all += rig.effects
            rig.feed { $0.pressHome(at: $1) }
            all += rig.effects
            for _ in 0..<6 {
                rig.fireNextTimer()
                all += rig.effects
            }
            return (all, rig.machine)
        }
        let (first, second) = (script(), script())
        #expect(first.effects == second.effects)
        #expect(first.machine == second.machine)
    }

    @Test func onlyChangesThatStatusShowsMoveTheRevision() {
        var rig = MachineRig()
        rig.feed { $0.launch(reason: .user, at: $1) }
        let revision = rig.machine.revision
        #expect(rig.ask { $0.post(whileSuspended: .hold, .serviceEvent(1, endingActivity: nil), at: $1) })
        #expect(rig.machine.revision == revision, "a callback to the app changes nothing status shows")
        let token = rig.ask { $0.beginActivity(BackgroundActivity(kind: .event, name: "x"), at: $1) }
        #expect(rig.machine.revision > revision)
        let afterBegin = rig.machine.revision
        rig.feed { $0.endActivity(token, at: $1) }
        #expect(rig.machine.revision > afterBegin)
    }

    @Test func aSuspendedAppIsWokenForAnEventAndSuspendedWhenItIsHandled() {
        var rig = MachineRig()
        let run = rig.launchAndPressHome()
        rig.feed { $0.didEnterBackgroundReturned(run: run, at: $1) }
        let woke = rig.ask { $0.wake(for: "socket data", at: $1) { .serviceEvent(1, endingActivity: $0) } }
        #expect(woke)
        #expect(rig.lines == ["Woken in the background: socket data", "State: suspended → background"])
        let resumed = rig.machine.run!.id
        #expect(rig.deliveryEffects == [
            .deliver(.didEnterBackground(run: resumed), toLaunch: 1),
            .deliver(.serviceEvent(1, endingActivity: BackgroundActivityToken(id: 1)), toLaunch: 1),
        ], "“1. The system resumes the app. 2. UIKit calls applicationDidEnterBackground(_:). 3. UIKit delivers the event”")
        rig.feed { $0.endActivity(BackgroundActivityToken(id: 1), at: $1) }
        #expect(rig.lines.isEmpty, "handled, but didEnterBackground has not returned yet")
        rig.feed { $0.didEnterBackgroundReturned(run: resumed, at: $1) }
        #expect(rig.lines == ["State: background → suspended"])
    }

    @Test func aTerminatedAppCannotBeWokenAndASuspendedOneEndsWithoutAWord() {
        var rig = MachineRig()
        let run = rig.launchAndPressHome()
        rig.feed { $0.didEnterBackgroundReturned(run: run, at: $1) }
        rig.feed { $0.terminate(.user, at: $1) }
        #expect(rig.deliveries.isEmpty, "no willTerminate for a suspended app")
        #expect(rig.lines == [
            "Terminated by the user", "State: suspended → notRunning",
            "Exit reason: normal (iOS 10 has no MetricKit exit counts; from iOS 14 it counts this in MXBackgroundExitData.cumulativeNormalAppExitCount)",
        ])
        #expect(!rig.ask { $0.wake(for: "socket data", at: $1) { .serviceEvent(1, endingActivity: $0) } })
    }

    @Test func keepAliveIsRefusedBelowTheMinimumAndWakesTheAppEachInterval() {
        var rig = MachineRig(iOS: 9, modes: [.voip])
        rig.feed { $0.launch(reason: .user, at: $1) }
        let refused = rig.ask { $0.setKeepAlive(interval: .seconds(599), launchNumber: 1, at: $1) }
        #expect(throws: KeepAliveError.belowMinimum(requested: .seconds(599), minimum: .seconds(600))) { try refused.get() }
        let accepted = rig.ask { $0.setKeepAlive(interval: .seconds(600), launchNumber: 1, at: $1) }
        #expect(throws: Never.self) { try accepted.get() }
        let run = rig.pressHome()
        rig.feed { $0.didEnterBackgroundReturned(run: run, at: $1) }
        rig.fireNextTimer()
        #expect(rig.now == .seconds(600))
        #expect(rig.lines == ["Woken in the background: keep-alive handler", "State: suspended → background"])
        #expect(rig.deadlines == [605, 610, 1200], "didEnterBackground's grace, the handler's 10 s, and the next call")
    }

    @Test func aRestartEndsTheAppWithoutAWordAndTakesTheClassKeysAtOnce() {
        var rig = MachineRig()
        rig.feed { $0.launch(reason: .user, at: $1) }
        rig.feed { $0.lockScreen(at: $1) }
        #expect(rig.machine.protectedData.discardTimer != nil, "the 10 s after the lock are counting")
        let effects = rig.feed { $0.restart(at: $1) }
        #expect(rig.deliveries.isEmpty, "no willTerminate, no protected-data notification")
        #expect(effects.contains("log(Terminated by the system: the device restarted)"))
        #expect(rig.machine.appState == .notRunning)
        #expect(rig.machine.protectedData.discardTimer == nil)
        #expect(rig.timers.isEmpty, "the discard timer is cancelled: the keys are gone already")
        #expect(rig.machine.protectedData.access == ProtectedDataAccess(isProtectedDataAvailable: false, isUnlockedSinceBoot: false))
        #expect(rig.machine.conditions.isScreenLocked)

        rig.feed { $0.lockScreen(at: $1) }
        #expect(rig.timers.isEmpty, "a locked device does not lock again")
        rig.feed { $0.unlockScreen(at: $1) }
        #expect(rig.machine.protectedData.access == ProtectedDataAccess())
    }
}
