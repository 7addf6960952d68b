import BackgroundRuntime
import Synchronization

/// The app's registration for PushKit pushes (`PKPushRegistry`): setting `desiredPushTypes` to
/// `[.voIP]` registers the launch for VoIP pushes (``BackgroundRuntime/Application/registerForVoIPPushes()``),
/// and the delegate gets the token and the pushes in the app delegate's place. The rules are
/// the runtime's: the Info.plist's `voip` mode, PushKit's era (iOS 8), and from iOS 13 the call
/// each push must report.
///
/// As Apple's (`class PKPushRegistry`, not isolated to an actor), any code may make and set it,
/// a nonisolated class of the Swift 6 language mode included; the registration is carried out
/// on the app's main executor. The delegate runs on the queue the registry was made with, as
/// Apple's `init(queue:)` says: "The dispatch queue on which to execute the delegate methods …
/// Specify nil to execute the delegate methods on the app's main queue" — here the app's main
/// executor for nil or the main queue. As on iOS the app keeps the registry (it is made in
/// `didFinishLaunching`, so that a launch for a push finds it): one freed takes nothing. The
/// launch's latest registry for VoIP gets the pushes.
public final class PKPushRegistry: MainExecutorBound {
    /// Gets the token and the pushes; held weakly, as PushKit holds it.
    public weak var delegate: (any PKPushRegistryDelegate)?
    /// The kinds of push the app wants; `[.voIP]` registers for VoIP pushes, and a set without
    /// it stops them reaching this registry (the delegate hears the token is invalid).
    public var desiredPushTypes: Set<PKPushType>? {
        get { state.withLock { $0.desiredPushTypes } }
        set {
            state.withLock { $0.desiredPushTypes = newValue }
            onMain { $0.register(for: newValue) }
        }
    }
    package let application: Application
    /// The queue the delegate runs on; the app's main executor for nil or the main queue.
    private let queue: DispatchQueue?
    @AppMain private var relay: VoIPPushRelay?
    /// What the app asked for and the token the delegate was given, read from any thread.
    private let state = Mutex<(desiredPushTypes: Set<PKPushType>?, voipToken: Data?)>((nil, nil))

    /// A registry of the launch whose code runs now, whose delegate runs on `queue`.
    ///
    /// - precondition: the caller is the app's code, running on its device.
    public init(queue: DispatchQueue?) {
        application = Application.current(for: "PKPushRegistry(queue:)")
        self.queue = queue
    }

    /// The token for `type`, once the delegate was given it.
    public func pushToken(for type: PKPushType) -> Data? {
        type == .voIP ? state.withLock { $0.voipToken } : nil
    }

    @AppMain private func register(for types: Set<PKPushType>?) {
        if types?.contains(.voIP) == true {
            let relay = relay ?? VoIPPushRelay(registry: self)
            self.relay = relay
            application.voipPushReceiver = relay
            application.registerForVoIPPushes()
        } else if let relay {
            self.relay = nil
            if application.voipPushReceiver === relay { application.voipPushReceiver = nil }
            let hadToken = state.withLock { state in
                defer { state.voipToken = nil }
                return state.voipToken != nil
            }
            if hadToken { deliver { $1.pushRegistry($0, didInvalidatePushTokenFor: .voIP) } }
        }
    }

    /// The runtime's VoIP token, for the delegate.
    @AppMain func receive(_ token: PushToken) {
        state.withLock { $0.voipToken = token.bytes }
        let credentials = PKPushCredentials(type: .voIP, token: token.bytes)
        deliver { $1.pushRegistry($0, didUpdate: credentials, for: .voIP) }
    }

    /// The runtime's VoIP push, for the delegate; `completion` may be called from any thread.
    @AppMain func receive(_ payload: PushPayload, completion: @escaping @AppMain @Sendable () -> Void) {
        guard delegate != nil else { return completion() }
        let pushPayload = PKPushPayload(type: .voIP, dictionaryPayload: payload.dictionary)
        let application = application
        let delivered = deliver { registry, delegate in
            delegate.pushRegistry(registry, didReceiveIncomingPushWith: pushPayload, for: .voIP) {
                application.onMain(completion)
            }
        }
        if !delivered { completion() }
    }

    /// Calls the delegate on the registry's queue; false when there is none to call.
    @AppMain @discardableResult
    private func deliver(_ call: @escaping (PKPushRegistry, any PKPushRegistryDelegate) -> Void) -> Bool {
        guard let delegate else { return false }
        guard let queue, !DispatchQueue.meansAppMain(queue) else {
            call(self, delegate)
            return true
        }
        // Unchecked: PushKit hands the registry and its delegate to the queue the app named, as
        // here; the app answers for what its delegate touches there.
        nonisolated(unsafe) let handOver = (registry: self, delegate: delegate, call: call)
        queue.async { handOver.call(handOver.registry, handOver.delegate) }
        return true
    }
}
