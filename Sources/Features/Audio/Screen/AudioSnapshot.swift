import BackgroundApp
import BackgroundWire

/// What the Audio screen shows: its labels and its play/pause button. `status` shows it under
/// `screens.audio`.
public struct AudioSnapshot: ScreenSnapshot, Equatable {
    /// The current item's file name (the music name label); nil when the queue is empty.
    public var item: String?
    /// The elapsed time in the current item, in seconds, to the hundredth (the time label).
    public var time: Double
    /// Whether the music plays (the play/pause button's state).
    public var playing: Bool

    public init(item: String? = nil, time: Double = 0, playing: Bool = false) {
        self.item = item
        self.time = time
        self.playing = playing
    }
}
