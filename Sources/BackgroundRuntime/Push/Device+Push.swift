/// Pushes from outside the app: APNs's deliveries, the tokens, the incoming-call screen; the
/// rules are in `SystemStateMachine+Push.swift` and `SystemStateMachine+VoIPPush.swift`.
extension Device {
    /// The app's two push tokens on this device, whether or not it registered.
    public var pushTokens: PushTokens { read(\.pushes.tokens) }

    /// What `status` shows under `push`.
    public var pushStatus: PushStatus { read(\.pushStatus) }

    /// The kind of token `token` is for this app: the device token once the app registered for
    /// remote notifications, the VoIP token once it registered for VoIP pushes; nil for a token
    /// this device does not know, and ``PushTokenUse/unregistered`` for a token of the app's
    /// that it did not register (or no longer does).
    public func use(of token: PushToken) -> PushTokenUse? {
        read { machine in
            switch token {
            case machine.pushes.tokens.device: machine.pushes.isRegistered ? .remoteNotifications : .unregistered
            case machine.pushes.tokens.voip: machine.pushes.isRegisteredForVoIP ? .voip : .unregistered
            default: nil
            }
        }
    }

    /// APNs delivers `push` to the device; what happens follows the delivery rules (the
    /// console says why when it is held, throttled or refused).
    public func receive(_ push: RemotePush) {
        recordNetwork(bytes: push.payload.json.utf8.count)
        handle { $0.receivePush(push, at: $1) }
        settle()
    }

    /// Tells the system (and `status`) where providers reach the device; nil when no gateway runs.
    public func setPushGateway(_ url: String?) {
        handle { $0.setPushGateway(url, at: $1) }
    }

    /// Settings ▸ Reset Location & Privacy, for pushes: the app gets new tokens (saved in the
    /// storage directory) and must register again.
    public func renewPushTokens() {
        let tokens = pushTokenStore?.renew { console.log($0) } ?? .random()
        handle { $0.replacePushTokens(tokens, at: $1) }
    }

    /// Sets or clears `NKDontThrottleNewsstandContentNotifications`: with it, a Newsstand push
    /// launches the app more than once a day.
    public func setNewsstandThrottleOverride(_ isOn: Bool) {
        handle { $0.setNewsstandThrottleOverride(isOn, at: $1) }
    }

    /// The user taps Accept (true) or Decline on the incoming-call screen. Returns the call, or
    /// nil, doing nothing, when none rings.
    @discardableResult
    public func answerCall(accept: Bool) -> IncomingCall? {
        let call = handle { $0.answerCall(accept: accept, at: $1) }
        settle()
        return call
    }

    /// The user hangs up the call in progress.
    public func endCall() {
        handle { $0.endCall(at: $1) }
        settle()
    }

    /// Reads the stored tokens, or makes and saves new ones, before the app first runs.
    func restorePushTokens() {
        guard let store = pushTokenStore else { return }
        let tokens = store.loadOrCreate { console.log($0) }
        handle { $0.replacePushTokens(tokens, at: $1) }
    }
}
