import BackgroundRuntime
import Benchmark

/// A simulated day of TheBackgrounder's life on the test clock: 10,000 lifecycle transitions
/// and 100,000 background task assertions, with expirations along the way.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(20),
        maxIterations: 5
    )

    Benchmark("Simulated day: 10,000 transitions, 100,000 assertions") { benchmark in
        let device = Device(infoPlist: InfoPlist(), timing: .manual) { DayApp(application: $0) }
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

/// Home and open 1,700 times over 24 hours (each round trip is 6 transitions, one in ten
/// with a nap long enough for the budget to expire); returns the number of transitions.
func simulateDay(on device: Device) -> Int {
    var transitions = 0
    let observer = device.observeStateChanges { _ in }
    defer { device.removeStateObserver(observer) }
    for round in 0..<1_700 {
        device.perform { ($0.delegate as! DayApp).work() }
        device.pressHome()
        device.advance(by: round % 10 == 0 ? .seconds(200) : .seconds(40))
        device.openApp()
        transitions += 6
    }
    return transitions
}
