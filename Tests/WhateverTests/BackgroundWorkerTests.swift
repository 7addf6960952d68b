import BackgroundRuntime
import TestSupport
import Testing
import Whatever

@Suite("The self-contained background worker")
struct BackgroundWorkerTests {
    @Test func entersTheBackgroundWithWorkBeginsOneTask() {
        let device = TestDevice.downloads()
        device.launch()
        device.withQueue { queue in
            queue.enqueue()
            queue.enqueue()
        }
        #expect(device.status().assertions.isEmpty, "no task while in the foreground")
        device.pressHome()
        #expect(device.appState == .background)
        #expect(device.status().assertions.map(\.name) == ["Downloads"])
        #expect(device.withQueue { $0.worker?.backgroundTask } == BackgroundTaskIdentifier(rawValue: 1))
    }

    @Test func withoutWorkTheAppIsSuspendedAsUsual() {
        let device = TestDevice.downloads()
        device.launch()
        device.pressHome()
        #expect(device.appState == .suspended)
        #expect(device.diagnostics.count == 0)
    }

    @Test func theTaskEndsWhenTheQueueEmpties() {
        let device = TestDevice.downloads()
        device.launch()
        device.withQueue { queue in
            queue.enqueue()
            queue.enqueue()
        }
        device.pressHome()
        device.advance(by: .seconds(10))
        device.withQueue { $0.completeOne() }
        #expect(device.appState == .background)
        device.withQueue { $0.completeOne() }
        #expect(device.appState == .suspended)
        #expect(device.status().assertions.isEmpty)
        #expect(device.diagnostics.count == 0)
    }

    @Test func theTaskEndsOnExpirationAndWorkFinishedLaterDoesNotEndItTwice() {
        let device = TestDevice.downloads()
        device.launch()
        device.withQueue { $0.enqueue() }
        device.pressHome()
        device.advance(by: .seconds(175))
        #expect(device.appState == .suspended)
        #expect(device.status().assertions.isEmpty)
        device.openApp()
        device.withQueue { $0.completeOne() }
        #expect(device.diagnostics.count == 0)
    }

    @Test func theTaskEndsBackInTheForegroundAndEachTripBeginsItsOwn() {
        let device = TestDevice.downloads()
        device.launch()
        device.withQueue { $0.enqueue() }
        device.pressHome()
        device.openApp()
        #expect(device.status().assertions.isEmpty)
        device.pressHome()
        #expect(device.status().assertions.map(\.identifier) == [2])
        #expect(device.backgroundTimeRemaining == .seconds(180))
        #expect(device.diagnostics.count == 0)
    }

    @Test func aWorkerThatGoesAwayEndsItsTaskAndStopsObserving() {
        let device = TestDevice.downloads()
        device.launch()
        device.withQueue { $0.enqueue() }
        device.pressHome()
        device.withQueue { $0.worker = nil }
        #expect(device.appState == .suspended)
        device.openApp()
        device.pressHome()
        #expect(device.appState == .suspended)
        #expect(device.diagnostics.count == 0)
    }

    /// Random trips to the background and back, interleaved with work arriving and finishing
    /// and with time passing (long enough, now and then, for the task to expire). After every
    /// step the worker holds at most one task, holds one only in the background with work
    /// pending, and the system agrees; no diagnostic is ever reported and the app is never
    /// terminated. The generator is seeded, so a failing sequence repeats exactly.
    @Test func aThousandRandomSequencesNeverLeakOrDoubleEnd() async {
        let seed: UInt64 = 0x5EED_0003
        let (failure, tally) = await onItsOwnThread { Self.runRandomSequences(seed: seed) }
        #expect(failure == nil, "\(failure ?? "")")
        #expect(tally["home began", default: 0] > 100)
        #expect(tally["complete ended", default: 0] > 100)
        #expect(tally["wait ended", default: 0] > 100, "expirations")
        #expect(tally["open ended", default: 0] > 100)
        #expect(Set(tally.keys) == ["home began", "complete ended", "wait ended", "open ended"])
    }

    /// Runs a thousand sequences of 40 random steps from `seed`; returns the first problem met
    /// (naming its sequence and steps), or nil, and how often each kind of step began or ended
    /// the worker's task.
    static func runRandomSequences(seed: UInt64) -> (failure: String?, tally: [String: Int]) {
        var tally: [String: Int] = [:]
        for index in 0..<1_000 {
            var random = SeededRandom(seed: seed &+ UInt64(index))
            let device = TestDevice.downloads(iOS: [6, 10, 17].randomElement(using: &random)!)
            device.launch()
            var steps: [String] = []
            for _ in 0..<40 {
                let heldBefore = !device.status().assertions.isEmpty
                let step = RandomStep.allCases.randomElement(using: &random)!
                switch step {
                case .home: device.pressHome()
                case .open: device.openApp()
                case .enqueue: device.withQueue { $0.enqueue() }
                case .complete: device.withQueue { $0.completeOne() }
                case .wait: device.advance(by: .milliseconds(Int64.random(in: 500...200_000, using: &random)))
                }
                steps.append(step.rawValue)
                let heldAfter = !device.status().assertions.isEmpty
                if heldBefore != heldAfter { tally["\(step.rawValue) \(heldAfter ? "began" : "ended")", default: 0] += 1 }
                if let problem = problem(on: device) {
                    return ("sequence \(index) (seed \(seed)): \(steps.joined(separator: " ")): \(problem)", tally)
                }
            }
        }
        return (nil, tally)
    }

    enum RandomStep: String, CaseIterable {
        case home, open, enqueue, complete, wait
    }

    /// What is wrong with the worker and the system after a step, or nil.
    static func problem(on device: TestDevice) -> String? {
        let status = device.status()
        if status.diagnostics > 0 { return "diagnostic: \(device.diagnostics.recent.map(\.consoleMessage))" }
        if device.appState == .notRunning { return "the app was terminated" }
        if status.assertions.count > 1 { return "\(status.assertions.count) assertions held" }
        let held = status.assertions.first.map { BackgroundTaskIdentifier(rawValue: $0.identifier) }
        if device.appState == .background, held == nil { return "running in the background without a task" }
        guard device.appState.isRunning else { return held == nil ? nil : "a suspended app holds a task" }
        let (task, hasWork, state) = device.withQueue { queue in
            (queue.worker?.backgroundTask, queue.hasPendingWork, queue.worker?.application.applicationState)
        }!
        if task != (held ?? .invalid) { return "the worker holds \(String(describing: task)), the system \(String(describing: held))" }
        if held != nil, !hasWork { return "a task is held with an empty queue (a leak)" }
        if held != nil, state != .background { return "a task is held in the foreground" }
        return nil
    }
}
