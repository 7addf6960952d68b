import BackgroundWire

/// Where a device's time comes from: the time since it booted.
package protocol DeviceClock: Sendable {
    var now: Duration { get }
}
