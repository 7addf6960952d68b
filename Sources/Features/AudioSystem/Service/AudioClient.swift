import AudioWire

/// The app's player as the ``AudioService`` knows it: its number, for one launch.
struct AudioClient: Sendable {
    let id: Int
    /// Whether the app observes interruptions: the end of a call wakes a suspended app only then.
    var observesInterruptions = false
}
