import BackgroundPlatform
import BackgroundWire

/// What a socket the app's own process owns has carried — the lines and bytes the app read and
/// wrote — as the app counts them in the ``SharedCounters`` it shares with the system, so that
/// `status` counts them while the system never sees them.
package struct SocketTraffic: Sendable, Equatable {
    /// The shared counters' places.
    package static let linesReceivedCounter = 0
    package static let linesSentCounter = 1
    package static let bytesReceivedCounter = 2
    package static let bytesSentCounter = 3
    /// The sequence numbers received that the app has read and handled: the data's bytes, and
    /// one for the peer's end, as the kernel counts them (``ReadabilityWatch/hasUnhandledData()``).
    package static let receivedHandledCounter = 4
    package static let counterCount = 5

    var bytesReceived = 0
    var bytesSent = 0
    var linesReceived = 0
    var linesSent = 0

    /// The traffic `counters` hold (all 0 without them).
    package init(counters: SharedCounters?) {
        guard let counters else { return }
        linesReceived = counters[Self.linesReceivedCounter]
        linesSent = counters[Self.linesSentCounter]
        bytesReceived = counters[Self.bytesReceivedCounter]
        bytesSent = counters[Self.bytesSentCounter]
    }

    /// Adds this traffic to `status`'s counts.
    package func add(to status: inout VoIPConnectionStatus) {
        status.bytesReceived += bytesReceived
        status.bytesSent += bytesSent
        status.linesReceived += linesReceived
        status.linesSent += linesSent
    }
}
