import Foundation

/// Converting between device time (the loop's clock) and the wall-clock dates the app sees.
extension Device {
    /// The device's wall-clock time now, as the console stamps it.
    public var date: Date { console.now }

    /// The wall-clock date of device time `time`.
    public func date(at time: Duration) -> Date {
        console.now.addingTimeInterval((time - loop.now).seconds)
    }

    /// The device time of the wall-clock `date`.
    public func deviceTime(of date: Date) -> Duration {
        loop.now + .milliseconds(Int64((date.timeIntervalSince(console.now) * 1000).rounded()))
    }
}
