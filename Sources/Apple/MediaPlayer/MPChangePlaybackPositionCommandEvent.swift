import BackgroundRuntime
import Foundation

/// A move of the lock screen's scrubber (`MPChangePlaybackPositionCommandEvent`, iOS 9.1).
@preconcurrency @AppMain
public final class MPChangePlaybackPositionCommandEvent: MPRemoteCommandEvent {
    /// Where to play from, in seconds into the item.
    public let positionTime: TimeInterval

    init(command: MPRemoteCommand, positionTime: TimeInterval) {
        self.positionTime = positionTime
        super.init(command: command)
    }
}
