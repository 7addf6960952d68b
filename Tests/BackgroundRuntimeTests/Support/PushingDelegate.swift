import BackgroundRuntime
import Foundation

/// How a ``PushingDelegate`` handles pushes.
struct PushBehavior: Sendable {
    var result = BackgroundFetchResult.newData
    /// How long the handler takes (on the app's timers); zero completes at once.
    var duration = Duration.zero
    /// False: the completion handler is never called.
    var completes = true
    /// Whether a VoIP push's handler reports a call to CallKit.
    var reportsCall = true
}

/// A push the app saw.
struct PushRecord: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case registered(PushToken)
        case voipToken(PushToken)
        case registrationFailed
        case remoteNotification(aps: String)
        case voipPush(json: String)
        case call(accepted: Bool)
    }

    let kind: Kind
    let state: ApplicationState
    let launchReason: LaunchReason
}

typealias PushRecorder = Recorder<PushBehavior, PushRecord>

/// An app delegate that registers for remote notifications and VoIP pushes at launch and
/// handles pushes as its ``PushRecorder`` says.
@AppMain
final class PushingDelegate: ApplicationDelegate {
    let recorder: PushRecorder

    init(recorder: PushRecorder) {
        self.recorder = recorder
    }

    func applicationDidFinishLaunching(_ application: Application) {
        application.requestNotificationAuthorization()
        application.registerForRemoteNotifications()
        application.registerForVoIPPushes()
    }

    func application(_ application: Application, didRegisterForRemoteNotificationsWithDeviceToken token: PushToken) {
        record(.registered(token), application)
    }

    func application(_ application: Application, didFailToRegisterForRemoteNotificationsWithError error: PushRegistrationError) {
        record(.registrationFailed, application)
    }

    func application(_ application: Application, didUpdateVoIPPushToken token: PushToken) {
        record(.voipToken(token), application)
    }

    func application(
        _ application: Application, didReceiveRemoteNotification payload: PushPayload,
        fetchCompletionHandler completionHandler: @escaping BackgroundFetchCompletion
    ) {
        record(.remoteNotification(aps: payload.apsJSON), application)
        let behavior = recorder.behavior
        guard behavior.completes else { return }
        application.after(behavior.duration) { completionHandler(behavior.result) }
    }

    func application(
        _ application: Application, didReceiveIncomingVoIPPushWith payload: PushPayload,
        completion: @escaping @AppMain @Sendable () -> Void
    ) {
        record(.voipPush(json: payload.json), application)
        let behavior = recorder.behavior
        if behavior.reportsCall { application.reportNewIncomingCall(uuid: "CALL-1", caller: "Ray") }
        guard behavior.completes else { return }
        application.after(behavior.duration) { completion() }
    }

    func application(_ application: Application, didAnswer call: IncomingCall, accepted: Bool) {
        record(.call(accepted: accepted), application)
    }

    private func record(_ kind: PushRecord.Kind, _ application: Application) {
        recorder.append(PushRecord(kind: kind, state: application.applicationState, launchReason: application.launchReason))
    }
}

/// A manual device whose app is a ``PushingDelegate``.
func makePushDevice(
    iOS version: Int = 10,
    modes: Set<BackgroundMode> = [.remoteNotification, .voip],
    recorder: PushRecorder
) -> TestDevice {
    let device = TestDevice(profile: PolicyProfile(iOS: version)!, infoPlist: InfoPlist(backgroundModes: modes)) { _ in
        PushingDelegate(recorder: recorder)
    }
    device.notificationCenter.permissionAnswer = .allow
    return device
}

extension RemotePush {
    /// A background push (`content-available`, priority 5) to the test app.
    static func background(_ id: String = "B") -> RemotePush {
        RemotePush(id: id, type: .background, priority: 5, topic: "com.raywenderlich.TheBackgrounder", payload: try! PushPayload(aps: #"{"content-available":1}"#))
    }

    /// An alert push to the test app.
    static func alert(_ text: String, id: String = "A") -> RemotePush {
        RemotePush(id: id, type: .alert, priority: 10, topic: "com.raywenderlich.TheBackgrounder", payload: try! PushPayload(aps: #"{"alert":"\#(text)"}"#))
    }

    /// A VoIP push to the test app.
    static func voip(_ id: String = "V") -> RemotePush {
        RemotePush(id: id, type: .voip, priority: 10, topic: "com.raywenderlich.TheBackgrounder.voip", payload: try! PushPayload(data: Data(#"{"caller":"Ray"}"#.utf8)))
    }
}

extension [PushRecord] {
    /// The remote notifications among the records.
    var remoteNotifications: [PushRecord] {
        filter { if case .remoteNotification = $0.kind { true } else { false } }
    }

    /// The VoIP pushes among the records.
    var voipPushes: [PushRecord] {
        filter { if case .voipPush = $0.kind { true } else { false } }
    }
}
