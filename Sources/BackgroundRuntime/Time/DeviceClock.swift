/// Where a device's time comes from: the time since it booted.
protocol DeviceClock: Sendable {
    var now: Duration { get }
}
