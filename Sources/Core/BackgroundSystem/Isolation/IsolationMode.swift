import BackgroundWire

/// Where the app's code runs (`--isolation`).
public enum IsolationMode: String, Sendable, CaseIterable {
    /// In the system's process, on the app's main executor, which the system freezes.
    case thread
    /// In a process of its own, which the kernel freezes (`AppProcess`).
    case process
}
