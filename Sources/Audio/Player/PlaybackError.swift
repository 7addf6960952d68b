import BackgroundRuntime

/// Why ``QueuePlayer/play()`` could not start playback; the player stays paused.
public enum PlaybackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The queue is empty.
    case nothingToPlay
    /// The app's code cannot run (it is suspended or not running).
    case appNotRunning(AppState)
    /// The app is in the background and its Info.plist does not declare `audio`.
    case backgroundModeMissing
    /// A call is in progress; playback that the call stopped resumes when it ends.
    case interrupted

    public var description: String {
        switch self {
        case .nothingToPlay:
            "the queue is empty"
        case .appNotRunning(let state):
            "the app is \(state.rawValue), so it cannot start playback; open it first"
        case .backgroundModeMissing:
            "the app is in the background and its Info.plist has no \"audio\" in UIBackgroundModes"
        case .interrupted:
            "a call is in progress"
        }
    }
}
