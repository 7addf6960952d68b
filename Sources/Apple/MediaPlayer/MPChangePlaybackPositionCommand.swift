import BackgroundRuntime

/// The lock screen's scrubber (`MPChangePlaybackPositionCommand`, iOS 9.1): its events are
/// ``MPChangePlaybackPositionCommandEvent``s.
@preconcurrency @AppMain
public final class MPChangePlaybackPositionCommand: MPRemoteCommand {}
