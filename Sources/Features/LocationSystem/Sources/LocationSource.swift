import LocationWire

/// Where the system's location service gets fixes: a receiver behind gpsd, or a simulated
/// route. A source runs on the system's side — iOS's location daemon — and never on the app's.
///
/// Its timers are timers of the device's ``BackgroundRuntime/SystemLoop``, so that manual time
/// drives a replay exactly.
public protocol LocationSource: AnyObject, Sendable {
    /// What the console and `status` call it: "Freeway Drive", "gpsd at 127.0.0.1:2947".
    var name: String { get }
    /// Starts sending fixes to `sink`, about one every `interval` (see
    /// ``LocationAccuracy/updateInterval``). Fixes may be invalid; the service filters them.
    func start(interval: Duration, sink: @escaping @Sendable (Location) -> Void)
    /// Changes how often a fix is wanted, while running.
    func setInterval(_ interval: Duration)
    /// Stops sending fixes; starting again later is allowed.
    func stop()
    /// While `isHeld`, takes no new fixes from the receiver, so that they wait there (gpsd's
    /// socket is not read, and TCP slows gpsd down) instead of piling up before an app that is
    /// behind. A source whose fixes come on the device's timers may ignore it.
    func hold(_ isHeld: Bool)
}

extension LocationSource {
    public func hold(_ isHeld: Bool) {}
}
