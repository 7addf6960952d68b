import BackgroundWire

/// Pushes, the app's side: registering for remote notifications and PushKit VoIP pushes,
/// and reporting calls to CallKit.
extension Application {
    /// `registerForRemoteNotifications()`: the delegate gets the device token
    /// (``ApplicationDelegate/application(_:didRegisterForRemoteNotificationsWithDeviceToken:)``)
    /// or the reason there is none.
    public func registerForRemoteNotifications() {
        system?.registerForPushes(voip: false)
    }

    /// A PushKit registry for VoIP pushes (`PKPushRegistry.desiredPushTypes = [.voIP]`, iOS 8
    /// and later): the delegate gets the VoIP token.
    public func registerForVoIPPushes() {
        system?.registerForPushes(voip: true)
    }

    /// CallKit's `reportNewIncomingCall(with:update:completion:)`: the system's incoming-call
    /// screen rings. From iOS 13 a VoIP push's handler must call it before it completes.
    public func reportNewIncomingCall(uuid: String, caller: String) {
        system?.reportIncomingCall(IncomingCall(uuid: uuid, caller: caller), launchNumber: launchNumber)
    }

    /// CallKit's `CXEndCallAction`: the app ends the call.
    public func reportCallEnded() {
        system?.endCall()
    }

    func receive(_ registration: PushRegistration) {
        if case .voip(let token) = registration, let voipPushReceiver {
            return voipPushReceiver.application(self, didUpdateVoIPPushToken: token)
        }
        guard let delegate else { return }
        switch registration {
        case .remoteNotifications(let token): delegate.application(self, didRegisterForRemoteNotificationsWithDeviceToken: token)
        case .voip(let token): delegate.application(self, didUpdateVoIPPushToken: token)
        case .failed(let error): delegate.application(self, didFailToRegisterForRemoteNotificationsWithError: error)
        }
    }

    /// The user accepted or declined the call the app reported.
    func receiveAnswer(to call: IncomingCall, accepted: Bool) {
        if let callReceiver { return callReceiver.application(self, didAnswer: call, accepted: accepted) }
        delegate?.application(self, didAnswer: call, accepted: accepted)
    }

    func receiveRemoteNotification(_ push: RemotePush, completionHandler: @escaping BackgroundFetchCompletion) {
        guard let delegate else { return completionHandler(.failed) }
        delegate.application(self, didReceiveRemoteNotification: push.payload, fetchCompletionHandler: completionHandler)
    }

    func receiveVoIPPush(_ push: RemotePush, completion: @escaping @AppMain @Sendable () -> Void) {
        if let voipPushReceiver {
            return voipPushReceiver.application(self, didReceiveIncomingVoIPPushWith: push.payload, completion: completion)
        }
        guard let delegate else { return completion() }
        delegate.application(self, didReceiveIncomingVoIPPushWith: push.payload, completion: completion)
    }
}
