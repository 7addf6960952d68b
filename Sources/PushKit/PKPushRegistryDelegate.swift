import BackgroundRuntime

/// The delegate of a ``PKPushRegistry`` (`PKPushRegistryDelegate`): it gets the VoIP token and
/// the VoIP pushes, on the app's main executor whatever queue the registry was made with.
@preconcurrency @AppMain
public protocol PKPushRegistryDelegate: AnyObject {
    /// The token for `type` is new or changed: send it to the provider.
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType)
    /// A push arrived. For a VoIP push from iOS 13, report the call to CallKit
    /// (`CXProvider.reportNewIncomingCall`) before `completion`, or the system terminates the app.
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void)
    /// The token for `type` no longer works: tell the provider.
    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType)
}

extension PKPushRegistryDelegate {
    /// Without an implementation the push reports no call: from iOS 13 the app is terminated.
    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        completion()
    }

    public func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {}
}
