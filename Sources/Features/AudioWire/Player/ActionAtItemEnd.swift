/// What a ``QueuePlayer`` does when its current item ends, like `AVPlayer.ActionAtItemEnd`.
public enum ActionAtItemEnd: String, Sendable, Codable, CaseIterable {
    /// The item leaves the queue and the next one plays, gaplessly when it could be opened in
    /// time. After the last item the player stops with an empty queue.
    case advance
    /// The item stays current, at its end, and the player pauses; ``QueuePlayer/play()`` plays
    /// it again from the start.
    case pause
    /// Nothing happens: the item stays current at its end and the player still counts as
    /// playing (as `AVPlayer`'s rate stays 1), holding its background activity.
    case none
}
