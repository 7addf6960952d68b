import BackgroundWire

/// Pushes from outside the app — APNs's deliveries, the tokens, the incoming-call screen —
/// reached as ``Device/push``; the rules are in `SystemStateMachine+Push.swift` and
/// `SystemStateMachine+VoIPPush.swift`.
///
/// A view of the device: it holds the device and keeps nothing of its own.
public struct DevicePush: Sendable {
    let device: Device

    /// The app's two push tokens on this device, whether or not it registered.
    public var tokens: PushTokens { device.read(\.pushes.tokens) }

    /// What `status` shows under `push`.
    public var status: PushStatus { device.read(\.pushStatus) }

    /// The kind of token `token` is for this app: the device token once the app registered for
    /// remote notifications, the VoIP token once it registered for VoIP pushes; nil for a token
    /// this device does not know, and ``PushTokenUse/unregistered`` for a token of the app's
    /// that it did not register (or no longer does).
    public func use(of token: PushToken) -> PushTokenUse? {
        device.read { machine in
            switch token {
            case machine.pushes.tokens.device: machine.pushes.isRegistered ? .remoteNotifications : .unregistered
            case machine.pushes.tokens.voip: machine.pushes.isRegisteredForVoIP ? .voip : .unregistered
            default: nil
            }
        }
    }

    /// The app's Notification Service Extension uses `footprint` bytes working on push `id`, as
    /// its own process measures it: over its limit (24 MB) jetsam ends it at once, without
    /// `serviceExtensionTimeWillExpire()`, and the original content shows (rule
    /// service-extension-memory-limit). False when no extension is working on push `id`.
    @discardableResult
    public func serviceExtensionUsedMemory(_ footprint: Int, forPush id: String) -> Bool {
        let working = device.handle { $0.serviceExtensionUsedMemory(footprint, forPush: id, at: $1) }
        device.settle()
        return working
    }

    /// APNs delivers `push` to the device; what happens follows the delivery rules (the
    /// console says why when it is held, throttled or refused).
    public func receive(_ push: RemotePush) {
        device.energy.recordNetwork(bytes: push.payload.json.utf8.count)
        device.handle { $0.receivePush(push, at: $1) }
        device.settle()
    }

    /// Tells the system (and `status`) where providers reach the device; nil when no gateway runs.
    public func setGateway(_ url: String?) {
        device.handle { $0.setPushGateway(url, at: $1) }
    }

    /// Settings ▸ Reset Location & Privacy, for pushes: the app gets new tokens (saved in the
    /// storage directory) and must register again.
    public func renewTokens() {
        let tokens = device.storage?.pushTokenStore.renew { device.console.log($0) } ?? .random()
        device.handle { $0.replacePushTokens(tokens, at: $1) }
    }

    /// Sets or clears `NKDontThrottleNewsstandContentNotifications`: with it, a Newsstand push
    /// launches the app more than once a day.
    public func setNewsstandThrottleOverride(_ isOn: Bool) {
        device.handle { $0.setNewsstandThrottleOverride(isOn, at: $1) }
    }

    /// The user taps Accept (true) or Decline on the incoming-call screen. Returns the call, or
    /// nil, doing nothing, when none rings.
    @discardableResult
    public func answerCall(accept: Bool) -> IncomingCall? {
        let call = device.handle { $0.answerCall(accept: accept, at: $1) }
        device.settle()
        return call
    }

    /// The user hangs up the call in progress.
    public func endCall() {
        device.handle { $0.endCall(at: $1) }
        device.settle()
    }

    /// Reads the stored tokens, or makes and saves new ones, before the app first runs.
    func restoreTokens() {
        guard let store = device.storage?.pushTokenStore else { return }
        let tokens = store.loadOrCreate { device.console.log($0) }
        device.handle { $0.replacePushTokens(tokens, at: $1) }
    }
}
