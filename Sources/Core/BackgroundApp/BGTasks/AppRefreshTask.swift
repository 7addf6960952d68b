import BackgroundWire

/// A short background refresh, with the fetch budget (30 s).
@AppMain
public final class AppRefreshTask: ScheduledTask {}
