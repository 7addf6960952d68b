import BackgroundRuntime

/// A short refresh the system launched the app for (30 s).
// Unchecked: a subclass of BGTask, which is not final; it adds nothing.
public final class BGAppRefreshTask: BGTask, @unchecked Sendable {}
