/// Where the Whatever screen's "Fibonacci" background task stands.
public enum WhateverAssertionState: String, Sendable, Codable {
    /// No task: the screen is paused, or was never played.
    case none
    /// The task is held: the numbers go on in the background until it expires.
    case held
    /// The task expired and its handler ended it while the timer still runs: the tutorial's
    /// bug, unless the screen begins it again when the app becomes active.
    case expired
}
