/// Timed media (`AVAsset`): here, what an ``AVPlayerItem`` plays, an ``AVURLAsset``.
public class AVAsset: @unchecked Sendable {
    init() {}
}
