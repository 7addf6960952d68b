import BackgroundWire

/// Real time: the continuous clock since the device booted.
package struct LiveClock: DeviceClock {
    private let start: ContinuousClock.Instant

    /// A clock that reads zero now.
    package init() {
        start = ContinuousClock.now
    }

    /// A clock that reads `now` now: the device's clock, read in the app's own process.
    package init(now: Duration) {
        start = ContinuousClock.now - now
    }

    package var now: Duration { ContinuousClock.now - start }
}
