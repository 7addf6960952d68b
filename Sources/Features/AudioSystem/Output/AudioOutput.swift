import AudioWire

/// Where a ``QueuePlayer``'s sound goes.
public enum AudioOutput: String, Sendable, CaseIterable {
    /// The default audio device when there is one (PulseAudio, PipeWire, ALSA, …), otherwise
    /// nowhere, at real-time pace.
    case automatic = "auto"
    /// Nowhere, at real-time pace (GStreamer's `fakesink sync=true`): for machines without
    /// sound, tests and benchmarks.
    case null
}
