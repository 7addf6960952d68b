import BackgroundRuntime
import Benchmark
import Synchronization

/// A simulated day of TheBackgrounder's life on the test clock: 10,000 lifecycle transitions
/// and 100,000 background task assertions, with expirations along the way.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(20),
        maxIterations: 5
    )

    Benchmark("Simulated day: 10,000 transitions, 100,000 assertions") { benchmark in
        let device = TestDevice(infoPlist: InfoPlist()) { DayApp(application: $0) }
        device.launch()
        benchmark.startMeasurement()
        let transitions = simulateDay(on: device)
        benchmark.stopMeasurement()
        precondition(transitions >= 10_000, "only \(transitions) transitions")
        precondition(device.status().diagnostics == 0)
        blackHole(device.launchCount)
    }
}

/// An app that begins assertions the tutorial's way.
@AppMain
final class DayApp: ApplicationDelegate {
    let application: Application
    var held = BackgroundTaskIdentifier.invalid

    init(application: Application) {
        self.application = application
    }

    /// Ends the kept assertion, if its expiration did not end it already: the work is done.
    func finish() {
        guard held != .invalid else { return }
        application.endBackgroundTask(held)
        held = .invalid
    }

    /// Begins 60 assertions, ends 59 of them, and keeps one whose expiration handler ends it.
    func work() {
        for index in 0..<59 {
            let identifier = application.beginBackgroundTask(withName: "upload \(index)")
            application.endBackgroundTask(identifier)
        }
        if held == .invalid {
            held = application.beginBackgroundTask(withName: "Fibonacci") { [weak self] in
                guard let self else { return }
                self.application.endBackgroundTask(self.held)
                self.held = .invalid
            }
        }
    }
}

/// Home and open 1,700 times over 24 hours; each round trip is 6 transitions (active →
/// inactive → background → suspended and back): the app finishes its work after a 40 s nap, or,
/// one round in ten, naps 200 s and its task expires. Returns the transitions observed.
func simulateDay(on device: TestDevice) -> Int {
    let transitions = Mutex(0)
    let observer = device.observers.observeStateChanges { _ in transitions.withLock { $0 += 1 } }
    defer { device.observers.removeStateObserver(observer) }
    for round in 0..<1_700 {
        device.perform { ($0.delegate as! DayApp).work() }
        device.pressHome()
        device.advance(by: round % 10 == 0 ? .seconds(200) : .seconds(40))
        device.perform { ($0.delegate as! DayApp).finish() }
        device.openApp()
    }
    return transitions.withLock { $0 }
}
