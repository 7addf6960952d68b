import AVFoundation
import CallKit
import CoreLocation
import PushKit

// A plain class, as iOS developers write one in the Swift 6 language mode against Apple's SDK:
// not isolated to any actor, it makes a location manager, a push registry, a call provider, an
// audio session's category and a player, and is their delegate. None of these types is
// main-actor isolated on iOS (AVPlayer is `@MainActor` with `nonisolated` members), so the
// file builds without an error there, and must here. It writes what it hears to `heard`.
final class BackgroundServices: NSObject, CLLocationManagerDelegate, PKPushRegistryDelegate, CXProviderDelegate {
    static let callUUID = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    let locationManager = CLLocationManager()
    let pushRegistry: PKPushRegistry
    let provider: CXProvider
    var player: AVPlayer?
    private let heard: Heard

    /// Services whose push and call delegates run on `callQueue`: the main queue by default.
    init(heard: Heard, callQueue: DispatchQueue = .main) {
        self.heard = heard
        pushRegistry = PKPushRegistry(queue: callQueue)
        let configuration = CXProviderConfiguration(localizedName: "Calls")
        configuration.supportsVideo = false
        provider = CXProvider(configuration: configuration)
        super.init()
        locationManager.delegate = self
        provider.setDelegate(self, queue: callQueue)
        pushRegistry.delegate = self
        pushRegistry.desiredPushTypes = [.voIP]
    }

    // MARK: Location

    func startTracking(regionAround center: CLLocationCoordinate2D) {
        locationManager.desiredAccuracy = kCLLocationAccuracyBest
        locationManager.allowsBackgroundLocationUpdates = true
        locationManager.pausesLocationUpdatesAutomatically = false
        locationManager.requestAlwaysAuthorization()
        locationManager.startUpdatingLocation()
        let region = CLCircularRegion(center: center, radius: 400, identifier: "Cafe")
        region.notifyOnEntry = true
        region.notifyOnExit = false
        locationManager.startMonitoring(for: region)
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let location = locations.last else { return }
        heard.record("location \(String(format: "%.4f", location.coordinate.latitude)) \(heard.whereCalled())")
    }

    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        heard.record("enter \(region.identifier) \(heard.whereCalled())")
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        heard.record("location failed \(error)")
    }

    // MARK: Calls

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        heard.record("token \(pushCredentials.token.count) bytes")
    }

    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        let caller = payload.dictionaryPayload["caller"] as? String ?? "Unknown"
        heard.record("push from \(caller) \(heard.whereCalled())")
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .generic, value: caller)
        provider.reportNewIncomingCall(with: Self.callUUID, update: update) { error in
            if let error {
                self.heard.record("call refused \(error)")
            }
            completion()
        }
    }

    func providerDidReset(_ provider: CXProvider) {}

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        heard.record("answer \(action.callUUID == Self.callUUID ? "the call" : "another call") \(heard.whereCalled())")
        action.fulfill()
    }

    // MARK: Audio

    func playInBackground(_ url: URL) throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playback, mode: .default, options: [])
        try session.setActive(true)
        let player = AVPlayer(url: url)
        player.play()
        self.player = player
    }
}
