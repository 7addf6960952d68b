/// What the app tells CallKit of a call (`CXCallUpdate`). The incoming-call screen of
/// Backgrounder shows the caller — `localizedCallerName`, else the handle's value — and keeps
/// the rest for the app.
// Unchecked: as CallKit's, the app fills it in on one thread and then hands it to the provider, which only reads it.
public final class CXCallUpdate: @unchecked Sendable {
    /// Who calls.
    public var remoteHandle: CXHandle?
    /// The caller's name as the screen shows it; the handle's value when nil.
    public var localizedCallerName: String?
    public var hasVideo = false
    public var supportsHolding = true
    public var supportsDTMF = true

    public init() {}

    /// The caller as the incoming-call screen shows it.
    var caller: String {
        localizedCallerName ?? remoteHandle?.value ?? "Unknown"
    }
}
