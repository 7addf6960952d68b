import Audio

extension AVPlayer {
    /// What the player does when its item ends (`AVPlayer.ActionAtItemEnd`): the Audio module's
    /// ``Audio/ActionAtItemEnd``.
    public enum ActionAtItemEnd: Int, Sendable {
        /// The next item plays (``AVQueuePlayer``'s default).
        case advance = 0
        /// The player pauses at the item's end (``AVPlayer``'s default).
        case pause = 1
        /// Nothing happens; the player still counts as playing.
        case none = 2

        init(_ action: Audio.ActionAtItemEnd) {
            switch action {
            case .advance: self = .advance
            case .pause: self = .pause
            case .none: self = .none
            }
        }

        var runtimeAction: Audio.ActionAtItemEnd {
            switch self {
            case .advance: .advance
            case .pause: .pause
            case .none: .none
            }
        }
    }
}
