@testable import BackgroundRuntime
import Testing

/// The state machine under random sequences of its events — the user's (launch, Home, open, lock,
/// terminate, a call), the app's (tasks begun and ended, handlers returning, a crash) and its own
/// timers — each sequence repeatable from its seed, with the invariants that hold whatever the
/// order checked after every event.
@Suite("The state machine under random events")
struct StateMachineFuzzTests {
    /// What the app's side and the shell know while the machine runs: frozen or not, and the
    /// tasks the app holds.
    private struct World {
        var rig: MachineRig
        var random: SeededRandom
        var frozen = true
        var held: [BackgroundTaskIdentifier] = []
        var lastLaunch = 0
        var events: [String] = []

        init(iOS version: Int, seed: UInt64) {
            rig = MachineRig(iOS: version, modes: [.fetch, .audio])
            random = SeededRandom(seed: seed)
        }

        var launchNumber: Int { rig.machine.launch?.number ?? lastLaunch }

        /// One random event, named in `events`.
        mutating func step() {
            let location = SourceLocation(fileID: "Fuzz/App.swift", line: 1)
            let number = launchNumber
            switch Int.random(in: 0..<16, using: &random) {
            case 0: feed("launch(user)") { $0.launch(reason: .user, at: $1) }
            case 1: feed("launch(fetch)") { $0.launch(reason: .fetch, at: $1) }
            case 2: feed("pressHome") { $0.pressHome(at: $1) }
            case 3: feed("openApp") { $0.openApp(at: $1) }
            case 4: feed("lockScreen") { $0.lockScreen(at: $1) }
            case 5: feed("unlockScreen") { $0.unlockScreen(at: $1) }
            case 6:
                let handler = Bool.random(using: &random)
                let identifier = rig.ask {
                    $0.beginAssertion(name: "fuzz", hasExpirationHandler: handler, begunAt: location, launchNumber: number, at: $1)
                }
                events.append("beginAssertion(handler: \(handler)) = \(identifier)")
                if identifier != .invalid { held.append(identifier) }
                check()
            case 7:
                let identifier = held.isEmpty ? BackgroundTaskIdentifier(rawValue: 99) : held.remove(at: Int.random(in: 0..<held.count, using: &random))
                feed("endAssertion(\(identifier))") { $0.endAssertion(identifier, endedAt: location, launchNumber: number, at: $1) }
            case 8:
                guard let run = rig.machine.run?.id else { return }
                feed("didEnterBackgroundBegan+Returned(\(run))") { machine, moment in
                    machine.didEnterBackgroundBegan(run: run, at: moment) + machine.didEnterBackgroundReturned(run: run, at: moment)
                }
            case 9:
                guard let run = rig.machine.run?.id else { return }
                feed("expirationHandlersReturned(\(run))") { $0.expirationHandlersReturned(run: run, at: $1) }
            case 10: feed("launchBegan+Returned(\(number))") { $0.launchBegan(number, at: $1) + $0.launchReturned(number, at: $1) }
            case 11: feed("terminate(user)") { $0.terminate(.user, at: $1) }
            case 12: feed("willTerminateReturned(\(number))") { $0.willTerminateReturned(ofLaunch: number, at: $1) }
            case 13: feed("crash") { $0.crash("fuzz", at: $1) }
            case 14:
                if Bool.random(using: &random) {
                    feed("beginInterruption") { $0.beginInterruption(presentation: nil, at: $1) }
                } else {
                    feed("endInterruption") { $0.endInterruption(at: $1) }
                }
            default:
                let seconds = Int64.random(in: 1...200, using: &random)
                advance(by: .seconds(seconds))
            }
        }

        /// Fires the timers due within `duration`, in order, as the shell's loop would, then
        /// moves time to its end.
        mutating func advance(by duration: Duration) {
            let end = rig.now + duration
            while let next = rig.timers.map(\.deadline).min(), next <= end {
                let effects = rig.fireNextTimer()
                events.append("timer at \(rig.now.seconds) s")
                observe(effects)
            }
            rig.now = end
            events.append("advance to \(end.seconds) s")
        }

        private mutating func feed(_ name: String, _ event: (inout SystemStateMachine, Moment) -> [SystemEffect]) {
            events.append(name)
            observe(rig.feed(event))
        }

        /// Follows the effects as the shell would, checking those that must never happen: a
        /// delivery to a launch that is not the running one, or one left waiting on a frozen app
        /// (one made while the app is frozen must be followed, in the same event, by its thaw).
        private mutating func observe(_ effects: [String]) {
            var waiting: [String] = []
            for effect in effects {
                if effect == "freeze" { frozen = true }
                if effect == "thaw" {
                    frozen = false
                    waiting.removeAll()
                }
                if effect.hasPrefix("deliver(") {
                    if frozen { waiting.append(effect) }
                    #expect(effect.hasSuffix("to launch \(launchNumber))"), "a delivery to another launch than the running one: \(effect)\n\(trail)")
                }
            }
            #expect(waiting.isEmpty || rig.machine.launch == nil, "deliveries left waiting on a frozen app: \(waiting)\n\(trail)")
            check()
        }

        /// The invariants of the machine's state.
        private mutating func check() {
            let machine = rig.machine
            if let launch = machine.launch {
                #expect(launch.number >= lastLaunch, "launches are numbered in order\n\(trail)")
                lastLaunch = launch.number
            }
            if !machine.appState.isRunning {
                #expect(machine.assertions.isEmpty, "a \(machine.appState) app holds \(machine.assertionsInOrder.map(\.summary))\n\(trail)")
                #expect(frozen, "a \(machine.appState) app's code is not frozen\n\(trail)")
                held.removeAll()
            } else {
                #expect(!frozen, "a running app's code is frozen\n\(trail)")
            }
            if machine.appState == .notRunning {
                #expect(machine.launch == nil, "a launch outlives its app\n\(trail)")
                #expect(machine.run == nil, "a background run outlives its app\n\(trail)")
            }
            if machine.appState == .active { #expect(machine.run == nil, "an active app has a background run\n\(trail)") }
        }

        /// The last events, for a failure's message.
        private var trail: String { "after: " + events.suffix(12).joined(separator: " → ") }
    }

    @Test(arguments: [4, 7, 10, 13, 17, 26])
    func theInvariantsHoldUnderRandomEvents(iOS version: Int) {
        for seed in UInt64(1)...40 {
            var world = World(iOS: version, seed: seed &* 7_919 &+ UInt64(version))
            for _ in 0..<300 { world.step() }
        }
    }
}
