import BackgroundRuntime

/// A snapshot a test publishes.
struct CounterSnapshot: ScreenSnapshot {
    let value: Int
}
