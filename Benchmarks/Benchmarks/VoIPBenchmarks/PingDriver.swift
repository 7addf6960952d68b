import Dispatch
import Foundation
import DemoPeers

/// The server side of the benchmark, like `nc -l`: the built-in peer sends `ping` and the
/// driver waits for the client's `pong`.
final class PingDriver: Sendable {
    let port: Int
    private let peer: VoIPPeer
    private let pongs = DispatchSemaphore(value: 0)
    private let pings = DispatchSemaphore(value: 0)

    init() async throws {
        let pongs = self.pongs, pings = self.pings
        peer = VoIPPeer { event in
            switch event {
            case .received("pong"): pongs.signal()
            case .received("ping"): pings.signal()
            default: break
            }
        }
        port = try await peer.start(port: 0)
    }

    /// Waits for the client's own first `ping` (the VoIP screen pings once it is connected).
    func waitForPing() {
        pings.wait()
    }

    /// Waits for the client to be connected.
    func waitForClient() {
        while peer.clientCount == 0 { usleep(1_000) }
    }

    /// One round trip: `ping` out, `pong` back.
    func roundTrip() {
        peer.send("ping")
        pongs.wait()
    }
}
