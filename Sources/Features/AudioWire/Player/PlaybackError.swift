import BackgroundWire

/// Why ``QueuePlayer/play()`` could not start playback; the player stays paused.
public enum PlaybackError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The queue is empty.
    case nothingToPlay
    /// The app's code cannot run (it is suspended or not running).
    case appNotRunning(AppState)
    /// The app is in the background and its Info.plist does not declare `audio`.
    case backgroundModeMissing
    /// The app is in the background and its audio session's category is silenced there.
    case categoryNotForBackground(AudioSessionCategory)
    /// A call is in progress: the audio session cannot be activated until it ends.
    case interrupted

    public var description: String {
        switch self {
        case .nothingToPlay:
            "the queue is empty"
        case .appNotRunning(let state):
            "the app is \(state.rawValue), so it cannot start playback; open it first"
        case .backgroundModeMissing:
            "the app is in the background and its Info.plist has no \"audio\" in UIBackgroundModes"
        case .categoryNotForBackground(let category):
            "the app is in the background and its audio session's category, \(category), is silenced there"
        case .interrupted:
            "a call is in progress"
        }
    }
}
