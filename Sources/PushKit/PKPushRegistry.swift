import BackgroundRuntime

/// The app's registration for PushKit pushes (`PKPushRegistry`): setting `desiredPushTypes` to
/// `[.voIP]` registers the launch for VoIP pushes (``BackgroundRuntime/Application/registerForVoIPPushes()``),
/// and the delegate gets the token and the pushes in the app delegate's place. The rules are
/// the runtime's: the Info.plist's `voip` mode, PushKit's era (iOS 8), and from iOS 13 the call
/// each push must report.
///
/// As on iOS the app keeps the registry (it is made in `didFinishLaunching`, so that a launch
/// for a push finds it): one freed takes nothing. The launch's latest registry for VoIP gets
/// the pushes; its delegate runs on the app's main executor whatever `queue` is.
@preconcurrency @AppMain
public final class PKPushRegistry {
    /// Gets the token and the pushes; held weakly, as PushKit holds it.
    public weak var delegate: (any PKPushRegistryDelegate)?
    /// The kinds of push the app wants; `[.voIP]` registers for VoIP pushes, and a set without
    /// it stops them reaching this registry (the delegate hears the token is invalid).
    public var desiredPushTypes: Set<PKPushType>? {
        didSet { register() }
    }
    private let application: Application
    private var relay: VoIPPushRelay?
    private var voipToken: PushToken?

    /// A registry of the launch whose code runs now.
    ///
    /// - precondition: the caller is the app's code, running on its device.
    public init(queue: DispatchQueue?) {
        let application = Application.current(for: "PKPushRegistry(queue:)")
        self.application = application
    }

    /// The token for `type`, once the delegate was given it.
    public func pushToken(for type: PKPushType) -> Data? {
        type == .voIP ? voipToken?.bytes : nil
    }

    private func register() {
        if desiredPushTypes?.contains(.voIP) == true {
            let relay = relay ?? VoIPPushRelay(registry: self)
            self.relay = relay
            application.voipPushReceiver = relay
            application.registerForVoIPPushes()
        } else if let relay {
            self.relay = nil
            if application.voipPushReceiver === relay { application.voipPushReceiver = nil }
            if voipToken != nil {
                voipToken = nil
                delegate?.pushRegistry(self, didInvalidatePushTokenFor: .voIP)
            }
        }
    }

    /// The runtime's VoIP token, for the delegate.
    func receive(_ token: PushToken) {
        voipToken = token
        delegate?.pushRegistry(self, didUpdate: PKPushCredentials(type: .voIP, token: token.bytes), for: .voIP)
    }

    /// The runtime's VoIP push, for the delegate; `completion` may be called from any thread.
    func receive(_ payload: PushPayload, completion: @escaping @AppMain @Sendable () -> Void) {
        guard let delegate else { return completion() }
        let pushPayload = PKPushPayload(type: .voIP, dictionaryPayload: payload.dictionary)
        delegate.pushRegistry(self, didReceiveIncomingPushWith: pushPayload, for: .voIP) { [application] in
            application.onMain(completion)
        }
    }
}
