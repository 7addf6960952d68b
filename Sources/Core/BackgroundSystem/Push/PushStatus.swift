import BackgroundWire

/// What `status` shows under `push`: the app's tokens once registered, the gateway, and the
/// call on the incoming-call screen. Its keys are a public interface: add, never rename.
public struct PushStatus: Encodable, Sendable, Equatable {
    /// The device token as hex, once the app registered for remote notifications.
    @ExplicitNull public var deviceToken: String?
    /// The PushKit VoIP token as hex, once the app registered for VoIP pushes.
    @ExplicitNull public var voipToken: String?
    /// The APNs-compatible gateway's URL, when one runs.
    @ExplicitNull public var gateway: String?
    /// The call the incoming-call screen shows, if any.
    @ExplicitNull public var incomingCall: IncomingCall?
    /// Whether the system stopped delivering VoIP pushes (calls never reported to CallKit).
    public var voipPushesStopped: Bool
    /// Why a push is held back now (offline, lowPowerMode, throttled, afterRestart), if one is.
    @ExplicitNull public var held: String?
}
