/// Real time: the continuous clock since the device booted.
struct LiveClock: DeviceClock {
    private let start = ContinuousClock.now

    var now: Duration { ContinuousClock.now - start }
}
