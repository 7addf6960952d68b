import BackgroundWire

/// An object that takes PushKit's deliveries — the VoIP token and VoIP pushes — in the app
/// delegate's place, as a `PKPushRegistry`'s delegate gets them on iOS. The app sets it as
/// ``Application/voipPushReceiver``, held weakly as the app holds its registry; while there is
/// none the delegate gets them. The rules stay the system's: from iOS 13 the push's handler
/// must report a call (``Application/reportNewIncomingCall(uuid:caller:)``) before `completion`.
@AppMain
public protocol VoIPPushReceiver: AnyObject {
    /// PushKit's VoIP token (`pushRegistry(_:didUpdate:for:)`).
    func application(_ application: Application, didUpdateVoIPPushToken token: PushToken)
    /// A VoIP push arrived (`pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`).
    func application(
        _ application: Application, didReceiveIncomingVoIPPushWith payload: PushPayload,
        completion: @escaping @AppMain @Sendable () -> Void)
}
