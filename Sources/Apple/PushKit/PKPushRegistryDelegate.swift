import BackgroundRuntime

/// The delegate of a ``PKPushRegistry`` (`PKPushRegistryDelegate`): it gets the VoIP token and
/// the VoIP pushes, on the queue the registry was made with (the app's main executor for nil).
/// As Apple's, it is not isolated to an actor: a plain class adopts it in the Swift 6 language
/// mode, and a `@MainActor` type with `@preconcurrency` on the conformance, as in Xcode.
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
