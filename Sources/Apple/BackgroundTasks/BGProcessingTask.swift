import BackgroundRuntime

/// Minutes of deferrable work the system launched the app for.
// Unchecked: a subclass of BGTask, which is not final; it adds nothing.
public final class BGProcessingTask: BGTask, @unchecked Sendable {}
