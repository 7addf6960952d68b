import BackgroundRuntime
import CallKit
import PushKit

/// An app in PushKit's and CallKit's spelling: at launch it makes its provider and a registry
/// for VoIP pushes; each push reports a call to CallKit, unless `reportsCall` is false. Its
/// delegate is isolated to the app's main actor and PushKit's and CallKit's delegate protocols
/// are not, so it adopts them `@preconcurrency`, as Xcode asks of such a type in the Swift 6 mode.
final class CallingApp: ApplicationDelegate, @preconcurrency PKPushRegistryDelegate, @preconcurrency CXProviderDelegate {
    nonisolated static let callUUID = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    let log: AppLog
    let reportsCall: Bool
    private var registry: PKPushRegistry?
    private var callProvider: CXProvider?
    private let callController = CXCallController()

    init(log: AppLog, reportsCall: Bool = true) {
        self.log = log
        self.reportsCall = reportsCall
    }

    func applicationDidFinishLaunching(_ application: Application) {
        let configuration = CXProviderConfiguration()
        configuration.supportsVideo = true
        configuration.ringtoneSound = "Ringtone.caf"
        configuration.iconTemplateImageData = Data([0x89, 0x50, 0x4E, 0x47])
        let callProvider = CXProvider(configuration: configuration)
        callProvider.setDelegate(self, queue: nil)
        self.callProvider = callProvider
        let registry = PKPushRegistry(queue: .main)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
        self.registry = registry
    }

    /// The VoIP token the registry keeps, as hex.
    var voipToken: String? {
        registry?.pushToken(for: .voIP).map(Self.hex)
    }

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        log.append("token \(Self.hex(pushCredentials.token))")
    }

    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        let caller = payload.dictionaryPayload["caller"] as? String ?? "?"
        log.append("push from \(caller) in \(Application.current?.applicationState.rawValue ?? "?")")
        guard reportsCall, let callProvider else { return completion() }
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .generic, value: caller)
        update.hasVideo = true
        callProvider.reportNewIncomingCall(with: Self.callUUID, update: update) { error in
            self.log.append("reported error \(error == nil ? "none" : "some")")
            completion()
        }
    }

    func providerDidReset(_ provider: CXProvider) {}

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        log.append("answer \(action.callUUID == Self.callUUID ? "the call" : "another call")")
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        log.append("end \(action.callUUID == Self.callUUID ? "the call" : "another call")")
        action.fulfill()
    }

    /// The app's own hang-up button: a transaction ending `call` (the reported one by default),
    /// as a PushKit and CallKit app ends a call from its UI.
    func hangUp(_ call: UUID = callUUID) {
        request(CXTransaction(action: CXEndCallAction(call: call)))
    }

    /// Stops its provider (`invalidate()`): no provider of the launch performs a request then.
    func invalidateProvider() {
        callProvider?.invalidate()
    }

    /// Requests `transaction` through a call controller; the log says how it was answered.
    func request(_ transaction: CXTransaction) {
        callController.request(transaction) { error in
            if let error = error as? CXErrorCodeRequestTransactionError {
                self.log.append("request error \(error.code)")
            } else {
                self.log.append("request error \(error == nil ? "none" : "some")")
            }
        }
    }

    private static func hex(_ data: Data) -> String {
        data.map { String(format: "%02x", $0) }.joined()
    }
}
