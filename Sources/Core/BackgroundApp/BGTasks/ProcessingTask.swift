import BackgroundWire

/// Minutes of deferrable work.
@AppMain
public final class ProcessingTask: ScheduledTask {}
