import BackgroundWire

/// Minutes of deferrable work.
@AppMain
public final class BGProcessingTask: BGTask {}
