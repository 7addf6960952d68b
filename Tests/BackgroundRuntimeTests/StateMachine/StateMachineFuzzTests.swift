@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Testing

/// The state machine under random sequences of its events (``MachineFuzz``), each sequence
/// repeatable from its era and seed, with the invariants that hold whatever the order checked
/// after every event. The seeds are fixed, so CI runs the same sequences every time; a failure
/// prints its era, its seed and every event before it.
@Suite("The state machine under random events")
struct StateMachineFuzzTests {
    /// The eras: iOS 4's first multitasking, 7's background fetch, 10, 13's `BGTaskScheduler`
    /// and scenes, 17, 26's continued processing.
    static let eras = [4, 7, 10, 13, 17, 26]
    /// The seeds each era runs.
    static let seeds = UInt64(1)...40
    /// The events of each run.
    static let steps = 300

    @Test(arguments: eras)
    func theInvariantsHoldUnderRandomEvents(iOS version: Int) {
        for seed in Self.seeds {
            var fuzz = MachineFuzz(iOS: version, seed: seed &* 7_919 &+ UInt64(version))
            fuzz.run(Self.steps)
            if let failure = fuzz.failure { Issue.record("\(failure)") }
        }
    }

    /// A run is a value of its era and seed: the same events again give an equal machine.
    @Test func theSameSeedGivesTheSameMachine() {
        var first = MachineFuzz(iOS: 17, seed: 2013)
        var second = MachineFuzz(iOS: 17, seed: 2013)
        first.run(Self.steps)
        second.run(Self.steps)
        #expect(first.events == second.events)
        #expect(first.rig.machine == second.rig.machine)
    }
}
