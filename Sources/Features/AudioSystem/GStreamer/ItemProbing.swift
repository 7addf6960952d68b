import AudioWire

/// Where the player opens a queued item to learn its duration, or why it cannot be played
/// (``ItemProbe``).
public enum ItemProbing: Sendable, Equatable {
    /// In this process, on the player's probe queue.
    case inProcess
    /// In a process of `executable`'s `audio-probe` command, one per item, which ends when it
    /// has answered (``ProbeProcess``): GStreamer's demuxers and decoders, the memory they keep
    /// and a file that crashes one stay out of the system's process, which loads them only to
    /// play. Backgrounder's model, as iOS's media server is a process of its own.
    case helperProcess(executable: String)

    /// The item's duration (nil if its format does not tell), its failure, or nil when it did
    /// not open in time.
    package func probe(_ item: MediaItem) -> Result<Duration?, PlayerItemError>? {
        switch self {
        case .inProcess: ItemProbe.probe(item)
        case .helperProcess(let executable): ProbeProcess(command: [executable]).probe(item)
        }
    }
}
