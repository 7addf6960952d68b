import BackgroundWire
import NIOCore

/// A session's open connection: a channel the service reads and writes for the app in the
/// system's process, or a socket the app's own process owns, which the service only watches
/// while the app is suspended.
enum VoIPConnection: Sendable {
    case channel(any Channel)
    case ownedByApp(ReadabilityWatch)

    /// The channel the service reads and writes, if it does.
    var channel: (any Channel)? {
        guard case .channel(let channel) = self else { return nil }
        return channel
    }

    var isOwnedByApp: Bool {
        if case .ownedByApp = self { true } else { false }
    }

    /// Closes the service's end: the channel, or the watch's descriptor (the app closes its own).
    func close() {
        switch self {
        case .channel(let channel): channel.close(promise: nil)
        case .ownedByApp(let watch): watch.cancel()
        }
    }
}
