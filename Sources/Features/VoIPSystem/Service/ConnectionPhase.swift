import BackgroundSystem
import BackgroundPlatform
import BackgroundWire
import NIOCore

/// Where the VoIP socket of a session stands. Attempts are numbered, so that news of an
/// attempt given up on (a connect that succeeds after its timeout) is recognised and dropped.
enum ConnectionPhase: Sendable {
    case idle
    case connecting(attempt: Int, timeout: SystemTimer)
    case connected(attempt: Int, connection: VoIPConnection, idleCheck: SystemTimer?)
    case waiting(retry: SystemTimer)

    /// The system's watch on the open socket, if the app's own process owns it.
    var watchOfAppOwnedSocket: ReadabilityWatch? {
        guard case .connected(_, .ownedByApp(let watch), _) = self else { return nil }
        return watch
    }

    /// The open channel of `attempt`, if that is the one open now and the service reads it.
    func channel(ofAttempt attempt: Int) -> (any Channel)? {
        guard case .connected(let current, let connection, _) = self, current == attempt else { return nil }
        return connection.channel
    }
}
