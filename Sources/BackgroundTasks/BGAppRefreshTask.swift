import BackgroundRuntime

/// A short refresh the system launched the app for (30 s).
public final class BGAppRefreshTask: BGTask, @unchecked Sendable {}
