import BackgroundRuntime

/// What ``SpinnerApp``'s screen shows.
struct SpinnerSnapshot: ScreenSnapshot {
    /// Whether its thread was started.
    let spinning: Bool
}

extension ScreenKey where Snapshot == SpinnerSnapshot {
    static let spinner = ScreenKey("spinner")
}
