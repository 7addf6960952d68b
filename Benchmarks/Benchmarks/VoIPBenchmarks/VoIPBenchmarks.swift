import BackgroundRuntime
import Benchmark
import Foundation
import VoIP

/// ping→pong round trips on loopback: a driver (the built-in peer, the server like `nc -l`)
/// sends `ping` and waits for `pong`. Each sample is one round trip, so the table's
/// percentiles are the round-trip latency and its throughput the round trips a second.
///
/// - TheBackgrounder suspended: the data wakes the app on a live device, the app answers, and
///   is suspended again — the whole system path of the tutorial's VoIP mode. Each ping waits
///   until the app is suspended again (a spin, included in the time), and the run fails unless
///   every ping woke it.
/// - TheBackgrounder in the foreground: the same socket and app, without the wake-up.
/// - Reference peer: a minimal blocking-socket client that answers `pong`, in the same run.
///
/// The driver is a plain blocking socket for all three, so it adds the same small cost to each
/// (a Swift NIO driver added ~75 µs of its own, which hid most of the app's cost).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        warmupIterations: 200,
        maxDuration: .seconds(5),
        maxIterations: 20_000
    )

    Benchmark(
        "ping→pong: TheBackgrounder suspended, woken for each ping",
        closure: { benchmark in
            let app = Rig.shared.app, driver = Rig.shared.appDriver
            let before = app.wakes
            for _ in benchmark.scaledIterations {
                app.waitUntilSuspended()
                driver.roundTrip()
            }
            let woken = app.wakes - before
            precondition(woken == benchmark.scaledIterations.count,
                         "\(benchmark.scaledIterations.count) pings woke the suspended app \(woken) times")
        },
        setup: {
            try await Rig.shared.startApp()
            try await Rig.shared.app.pressHomeUntilSuspended()
        })

    Benchmark(
        "ping→pong: TheBackgrounder in the foreground",
        closure: { benchmark in
            for _ in benchmark.scaledIterations { Rig.shared.appDriver.roundTrip() }
        },
        setup: {
            try await Rig.shared.startApp()
            try await Rig.shared.app.openUntilActive()
        })

    Benchmark(
        "ping→pong: reference peer (blocking socket answering pong)",
        closure: { benchmark in
            for _ in benchmark.scaledIterations { Rig.shared.referenceDriver.roundTrip() }
        },
        setup: {
            try await Rig.shared.startReference()
        })
}
