import BackgroundRuntime

/// A snapshot a test publishes.
struct CounterSnapshot: ScreenSnapshot {
    let value: Int
}

extension ScreenKey where Snapshot == CounterSnapshot {
    static let counter = ScreenKey("counter")
}
