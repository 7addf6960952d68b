@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Foundation

/// A ``SystemStateMachine`` driven by hand: each event at a moment given here, its effects kept
/// as their short descriptions, and the timers it asked for kept by purpose, so a test fires
/// them as the shell would.
struct MachineRig {
    var machine: SystemStateMachine
    /// The effects of the last event.
    private(set) var effects: [SystemEffect] = []
    /// The timers running, as the shell would keep them.
    private(set) var timers: [SystemTimerToken] = []
    var now: Duration = .zero
    var appJobsStarted = 0

    init(
        iOS version: Int = 10, modes: Set<BackgroundMode> = [], permittedTaskIdentifiers: [String] = [],
        sceneManifest: SceneManifest? = nil
    ) {
        let infoPlist = InfoPlist(
            backgroundModes: modes, permittedTaskIdentifiers: permittedTaskIdentifiers, sceneManifest: sceneManifest)
        machine = SystemStateMachine(profile: PolicyProfile(iOS: version)!, infoPlist: infoPlist, pid: 42, bootDate: Device.manualEpoch)
        // The machine draws random push tokens when it is made, for the shell to replace with
        // those of its data directory: fixed ones here, so that the same events give equal machines.
        machine.pushes.tokens = Self.pushTokens
    }

    /// The push tokens of every rig, as a data directory would hold them.
    static let pushTokens = PushTokens(device: PushToken(hex: String(repeating: "d", count: 64))!, voip: PushToken(hex: String(repeating: "f", count: 64))!)

    var moment: Moment { Moment(now, appJobsStarted: appJobsStarted) }

    /// Feeds one event and keeps its effects.
    @discardableResult
    mutating func feed(_ event: (inout SystemStateMachine, Moment) -> [SystemEffect]) -> [String] {
        effects = event(&machine, moment)
        for effect in effects {
            switch effect {
            case .scheduleTimer(let token): timers.append(token)
            case .cancelTimer(let token): timers.removeAll { $0 == token }
            default: break
            }
        }
        return effects.map(\.description)
    }

    /// Feeds an event that answers, and keeps its effects.
    mutating func ask<T>(_ event: (inout SystemStateMachine, Moment) -> (T, [SystemEffect])) -> T {
        var answer: T?
        feed { machine, moment in
            let (value, effects) = event(&machine, moment)
            answer = value
            return effects
        }
        return answer!
    }

    /// The console lines of the last event.
    var lines: [String] {
        effects.compactMap { if case .log(let line) = $0 { line } else { nil } }
    }

    /// The deliveries of the last event.
    var deliveryEffects: [SystemEffect] {
        effects.filter { if case .deliver = $0 { true } else { false } }
    }

    /// The deliveries of the last event, as `deliver(…)` descriptions.
    var deliveries: [String] { deliveryEffects.map(\.description) }

    /// Moves time to the earliest running timer and fires it, as the shell's loop would.
    @discardableResult
    mutating func fireNextTimer() -> [String] {
        guard let token = timers.min(by: { ($0.deadline, $0.rawValue) < ($1.deadline, $1.rawValue) }) else { return [] }
        timers.removeAll { $0 == token }
        now = max(now, token.deadline)
        return feed { $0.timerFired(token, at: $1) }
    }

    /// The deadlines of the running timers, in seconds, earliest first.
    var deadlines: [Double] { timers.map(\.deadline.seconds).sorted() }

    /// Launches the app for the user and presses Home; returns the background run.
    mutating func launchAndPressHome() -> Int {
        feed { $0.launch(reason: .user, at: $1) }
        return pressHome()
    }

    /// Presses Home; returns the background run it begins.
    mutating func pressHome() -> Int {
        feed { $0.pressHome(at: $1) }
        return machine.run!.id
    }
}
