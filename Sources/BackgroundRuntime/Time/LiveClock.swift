/// Real time: the continuous clock since the device booted.
struct LiveClock: DeviceClock {
    private let start: ContinuousClock.Instant

    /// A clock that reads zero now.
    init() {
        start = ContinuousClock.now
    }

    /// A clock that reads `now` now: the device's clock, read in the app's own process.
    init(now: Duration) {
        start = ContinuousClock.now - now
    }

    var now: Duration { ContinuousClock.now - start }
}
