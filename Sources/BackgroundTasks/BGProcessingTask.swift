import BackgroundRuntime

/// Minutes of deferrable work the system launched the app for.
public final class BGProcessingTask: BGTask, @unchecked Sendable {}
