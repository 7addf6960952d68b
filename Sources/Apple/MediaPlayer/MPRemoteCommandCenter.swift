import BackgroundRuntime

/// The app's remote commands (`MPRemoteCommandCenter`): the launch's
/// ``BackgroundRuntime/RemoteCommandCenter``, one ``MPRemoteCommand`` per command it has.
@preconcurrency @AppMain
public final class MPRemoteCommandCenter {
    public let playCommand: MPRemoteCommand
    public let pauseCommand: MPRemoteCommand
    /// A headset's button.
    public let togglePlayPauseCommand: MPRemoteCommand
    public let stopCommand: MPRemoteCommand
    public let nextTrackCommand: MPRemoteCommand
    public let previousTrackCommand: MPRemoteCommand
    /// The lock screen's scrubber.
    public let changePlaybackPositionCommand: MPChangePlaybackPositionCommand

    private init(center: RemoteCommandCenter) {
        playCommand = MPRemoteCommand(kind: .play, center: center)
        pauseCommand = MPRemoteCommand(kind: .pause, center: center)
        togglePlayPauseCommand = MPRemoteCommand(kind: .togglePlayPause, center: center)
        stopCommand = MPRemoteCommand(kind: .stop, center: center)
        nextTrackCommand = MPRemoteCommand(kind: .nextTrack, center: center)
        previousTrackCommand = MPRemoteCommand(kind: .previousTrack, center: center)
        changePlaybackPositionCommand = MPChangePlaybackPositionCommand(kind: .changePlaybackPosition, center: center)
    }

    /// The center of the launch whose code runs now, as `shared()` is the process's.
    ///
    /// - precondition: the caller is the app's code, running on its device.
    public static func shared() -> MPRemoteCommandCenter {
        let application = Application.current(for: "MPRemoteCommandCenter.shared()")
        return application.launchObject(MPRemoteCommandCenter.self) {
            MPRemoteCommandCenter(center: application.remoteCommandCenter)
        }
    }
}
