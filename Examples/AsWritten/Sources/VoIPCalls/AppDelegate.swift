import UIKit
import PushKit
import CallKit

// VoIP pushes, adapted from Apple's "Responding to VoIP Notifications from PushKit" (PushKit
// documentation) for the push handler and the provider, and from Listings 11-1 and 11-2 of
// Apple's Energy Efficiency Guide for iOS Apps, "Voice Over IP (VoIP) Best Practices", for the
// registration: the app registers for VoIP pushes at launch, and reports each push to CallKit as
// an incoming call before it tells PushKit the push is handled.
//
// Adapted, not as printed. What differs from Apple's text, and why:
// - `voipRegistration()`: today's spellings (`DispatchQueue.main`, `PKPushRegistry(queue:)`,
//   `[.voIP]`) where the guide's Swift 2 (`dispatch_get_main_queue()`, `PKPushTypeVoIP`) no longer
//   builds; and `self.voipRegistry = voipRegistry` keeps the registry, which the guide leaves in
//   a local that is freed when the function returns — a freed registry gets no pushes, on iOS
//   as on Backgrounder.
// - `pushRegistry(_:didUpdate:for:)`: the Swift 5 signature, and it prints the token under the
//   guide's comment (there is no server to register it with).
// - `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)` is the page's listing, its line
//   breaks aside, but where the page uses names it never defines: `callManager.provider` for its
//   `callProvider`; `self.callManager.addCall(callUUID, phoneNumber: handle)` for
//   `let newCall = VoipCall(callUUID, phoneNumber: phoneNumber)` and
//   `self.callManager.addCall(newCall)`; and no `establishConnection(for: callUUID)`, nor its
//   comment (there is no telephony server).
// - The provider (`CallManager.makeProvider()`): `CXProviderConfiguration()`, which replaced the
//   page's `CXProviderConfiguration(localizedName: "VoIP Service")` (deprecated in iOS 14), with
//   `supportsVideo = false` and none of the page's other settings; the call manager that owns the
//   provider is its delegate, as the page's `setDelegate(callManager, queue: nil)` makes it.
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
