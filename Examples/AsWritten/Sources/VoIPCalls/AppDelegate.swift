import UIKit
import PushKit
import CallKit

// VoIP pushes as Apple's "Responding to VoIP Notifications from PushKit" handles them: the app
// registers for VoIP pushes at launch, and reports each push to CallKit as an incoming call
// before it tells PushKit the push is handled.
class AppDelegate: UIResponder, UIApplicationDelegate, PKPushRegistryDelegate {
    var window: UIWindow?
    var voipRegistry: PKPushRegistry?
    let callManager = CallManager()

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        callManager.makeProvider()
        voipRegistration()
        return true
    }

    // Register for VoIP notifications
    func voipRegistration() {
        let mainQueue = DispatchQueue.main
        // Create a push registry object
        let voipRegistry = PKPushRegistry(queue: mainQueue)
        // Set the registry's delegate to self
        voipRegistry.delegate = self
        // Set the push type to VoIP
        voipRegistry.desiredPushTypes = [.voIP]
        self.voipRegistry = voipRegistry
    }

    // Handle updated push credentials
    func pushRegistry(_ registry: PKPushRegistry, didUpdate credentials: PKPushCredentials, for type: PKPushType) {
        // Register VoIP push token (a property of PKPushCredentials) with server
        print("VoIP token: \(credentials.token.map { String(format: "%02x", $0) }.joined())")
    }

    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
                      for type: PKPushType, completion: @escaping () -> Void) {
        if type == .voIP {
            // Extract the call information from the push notification payload
            if let handle = payload.dictionaryPayload["handle"] as? String,
               let uuidString = payload.dictionaryPayload["callUUID"] as? String,
               let callUUID = UUID(uuidString: uuidString) {
                // Configure the call information data structures.
                let callUpdate = CXCallUpdate()
                let phoneNumber = CXHandle(type: .phoneNumber, value: handle)
                callUpdate.remoteHandle = phoneNumber
                // Report the call to CallKit, and let it display the call UI.
                callManager.provider?.reportNewIncomingCall(with: callUUID, update: callUpdate, completion: { (error) in
                    if error == nil {
                        // If the system allows the call to proceed, make a data record for it.
                        self.callManager.addCall(callUUID, phoneNumber: handle)
                    }
                    // Tell PushKit that the notification is handled.
                    completion()
                })
            }
        }
    }
}
