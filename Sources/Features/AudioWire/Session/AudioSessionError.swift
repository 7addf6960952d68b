/// Why ``AudioSession/setActive(_:)`` could not activate the session.
public enum AudioSessionError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// A call is in progress: its session has priority over the app's, and neither mixes
    /// (`AVAudioSession.ErrorCode.insufficientPriority`).
    case insufficientPriority

    public var description: String {
        switch self {
        case .insufficientPriority: "a call is in progress, and its audio session has priority over the app's"
        }
    }
}
