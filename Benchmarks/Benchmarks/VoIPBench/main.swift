// voip-bench: ping→pong round trips on loopback. A driver (like `nc -l`, the server) sends
// `ping` and waits for `pong`; it is a plain blocking socket for every configuration, so it
// adds the same small cost to each:
//
// - suspended: TheBackgrounder's VoIP screen on a live device (iOS 9 rules), suspended; the
//   data wakes the app, the app answers, and is suspended again — the whole system path of the
//   tutorial's VoIP mode. After each round trip the driver waits until the app is suspended again
//   (on a semaphore, outside the timed round trip, inside the CPU time), and the run fails
//   unless every ping woke it.
// - foreground: the same socket and app, active, without the wake-up.
// - reference: a minimal blocking-socket client answering `pong`, in the same process.
//
// Rounds alternate the three. Each round trip is timed; the process's CPU time (CLOCK_PROCESS_CPUTIME_ID:
// driver, app and system together, or driver and reference) is divided by the round trips.
// Prints JSON: p50 and p99 of the round trip and CPU per round trip, in µs, for each.
//
//   voip-bench [ROUND-TRIPS] [ROUNDS]     (defaults 20000 and 3)
import BackgroundRuntime
import BenchSupport
import Foundation
import VoIP

/// The round trips of one configuration, in µs, and its CPU per round trip.
struct Samples {
    var roundTrips: [Double] = []
    var cpuPerRoundTrip: [Double] = []

    /// Runs `count` round trips, each followed by `settle` (untimed).
    mutating func run(_ count: Int, driver: PingDriver, settle: () -> Void = {}) {
        let cpu0 = processCPUSeconds()
        for _ in 0..<count {
            let start = ContinuousClock.now
            driver.roundTrip()
            roundTrips.append((ContinuousClock.now - start) / .microseconds(1))
            settle()
        }
        cpuPerRoundTrip.append((processCPUSeconds() - cpu0) * 1e6 / Double(count))
    }

    var json: String {
        let sorted = roundTrips.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        let cpu = cpuPerRoundTrip.sorted()[cpuPerRoundTrip.count / 2]
        return String(format: #"{"p50_us":%.1f,"p99_us":%.1f,"cpu_us":%.1f}"#, percentile(0.5), percentile(0.99), cpu)
    }
}

let arguments = RoundTripArguments(tool: "voip-bench", defaultRoundTrips: 20_000)
let count = arguments.roundTrips
let rounds = arguments.rounds

let appDriver = PingDriver()
let endpoint = try VoIPEndpoint(host: "127.0.0.1", port: appDriver.port)
// The app's jobs run on the main queue: the benchmark waits for them from a thread of its own.
let results = await offTheMainThread { [appDriver, count, rounds] in
    let app = BenchmarkApp()
    app.connect(to: endpoint)
    appDriver.waitForClient()
    appDriver.waitForPing()
    let referenceDriver = PingDriver()
    PongResponder.start(port: referenceDriver.port)
    referenceDriver.waitForClient()

    var suspended = Samples(), foreground = Samples(), reference = Samples()
    for _ in 0..<rounds {
        app.pressHomeUntilSuspended()
        let before = app.wakes
        suspended.run(count, driver: appDriver) { app.waitUntilSuspended() }
        precondition(app.wakes - before == count, "\(count) pings woke the suspended app \(app.wakes - before) times")
        app.openUntilActive()
        foreground.run(count, driver: appDriver)
        reference.run(count, driver: referenceDriver)
    }
    return #"{"roundTrips":\#(count),"rounds":\#(rounds),"suspended":\#(suspended.json),"foreground":\#(foreground.json),"reference":\#(reference.json)}"#
}
print(results)
