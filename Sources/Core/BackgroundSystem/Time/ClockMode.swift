import BackgroundWire

/// Which time a live ``Device``'s system runs on (`--clock`).
public enum ClockMode: String, Sendable, CaseIterable {
    /// Real time: `wait 600` takes ten minutes.
    case real
    /// Script time: the system's timers — the app's timers, budgets, fetches, keep-alives, route
    /// replays — fire only when a script waits, and `wait 600` returns as soon as the ten
    /// minutes' timers have fired and the app has handled each, with the lines a real run
    /// prints. Real parts keep their own time: GStreamer plays, gpsd and sockets send bytes
    /// at their pace.
    case virtual
}
