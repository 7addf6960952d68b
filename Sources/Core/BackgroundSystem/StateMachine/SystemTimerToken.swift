import BackgroundWire

/// The ``SystemStateMachine``'s name for one of its timers, with its deadline. The shell
/// schedules a loop timer for each token it is told to, and feeds
/// ``SystemStateMachine/timerFired(_:at:)`` when it falls due; a token the machine cancelled
/// meanwhile is ignored.
package struct SystemTimerToken: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: Int
    /// When it falls due, as device time.
    package let deadline: Duration

    package var description: String { "#\(rawValue)" }
}
