import BackgroundSystem
import BackgroundWire
import VoIPWire

/// What the app asked for with one connect (``VoIPSocket/connect(to:asVoIPService:handler:)``):
/// the endpoint and whether the socket is a VoIP service; its events go to the app's socket,
/// in whichever process the app runs. It lasts until the app disconnects, connects
/// elsewhere, or its process ends.
struct VoIPSession: Sendable {
    let id: Int
    let endpoint: VoIPEndpoint
    let isVoIPService: Bool
}
