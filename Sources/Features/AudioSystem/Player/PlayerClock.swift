import AudioWire

/// What of a ``QueuePlayer``'s state its clock depends on: when it changes, the app is sent a new
/// ``AudioTimebase``.
struct PlayerClock: Equatable, Sendable {
    /// The player plays an item: time observers tick.
    var isTicking: Bool
    /// The stream plays: its position moves.
    var timeMoves: Bool
    /// The current item.
    var item: ObjectIdentifier?
    /// The seeks so far.
    var seeks: Int
}
