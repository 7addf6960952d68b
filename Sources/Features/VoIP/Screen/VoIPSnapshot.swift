import BackgroundWire
import VoIPWire

/// What the VoIP screen shows, published under `voip`: its Address and Port fields and the
/// received-data log as the app last wrote it. Beside it, `status` shows the socket as the
/// system sees it (``ScreenFact/voipConnection``): the socket outlives the app's suspension.
public struct VoIPSnapshot: ScreenSnapshot, Equatable {
    public var address: String
    public var port: String
    public var log: [String]
}
