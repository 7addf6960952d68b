import DemoPeers
import Synchronization
import VoIP
import VoIPWire

/// What a ``VoIPPeer`` saw, readable from the test's thread.
final class PeerLog: Sendable {
    private let events = Mutex<[VoIPPeerEvent]>([])

    func append(_ event: VoIPPeerEvent) {
        events.withLock { $0.append(event) }
    }

    /// The lines clients sent, in order.
    var lines: [String] {
        events.withLock { events in
            events.compactMap { if case .received(let line) = $0 { line } else { nil } }
        }
    }

    /// How many clients connected in all.
    var connections: Int {
        events.withLock { events in
            events.count { if case .connected = $0 { true } else { false } }
        }
    }

    /// How many clients went away in all.
    var disconnections: Int {
        events.withLock { events in
            events.count { if case .disconnected = $0 { true } else { false } }
        }
    }
}

/// The built-in peer on a free loopback port, with its log. It stops when it is released.
struct TestPeer {
    let peer: VoIPPeer
    let log: PeerLog
    let endpoint: VoIPEndpoint

    static func start(host: String = "127.0.0.1", port: Int = 0) async throws -> TestPeer {
        let log = PeerLog()
        let peer = VoIPPeer { log.append($0) }
        let bound = try await peer.start(host: host, port: port)
        return TestPeer(peer: peer, log: log, endpoint: try VoIPEndpoint(host: host, port: bound))
    }

    var port: Int { endpoint.port }
}
