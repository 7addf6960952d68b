/// How long a test waits for something that should come before it fails: a bound on a hang,
/// not on a speed. Swift Testing starts the whole suite at once, so on a 2-core machine a
/// test's every `await` waits its turn behind hundreds of other tests' work; in the full run a
/// loopback connect and the app's answer to it have taken 90 s of real time, and pass in under
/// a second alone. Speeds are measured in Benchmarks/, never here.
public let hangBound: Duration = .seconds(300)
