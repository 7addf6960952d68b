import BackgroundRuntime

/// What the app asked for with one connect (``VoIPService/connect(to:asVoIPService:handler:)``
/// or ``VoIPSocket/connect(to:asVoIPService:handler:)``): the endpoint, whether the socket is
/// a VoIP service, and where its events go. It lasts until the app disconnects, connects
/// elsewhere, or its process ends.
struct VoIPSession: Sendable {
    let id: Int
    let endpoint: VoIPEndpoint
    let isVoIPService: Bool
    let receiver: VoIPEventReceiver
}
