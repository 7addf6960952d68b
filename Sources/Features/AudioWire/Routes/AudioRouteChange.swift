/// A change of the device's audio route, as the app's route observers get it
/// (`AVAudioSession.routeChangeNotification`: its reason and previous route).
public struct AudioRouteChange: Sendable, Equatable, Codable {
    public let reason: AudioRouteChangeReason
    public let previousRoute: AudioRoute
    public let route: AudioRoute

    /// The change from `previousRoute` to `route`: to the speaker, the old device is gone;
    /// anywhere else, a new device came.
    package init(from previousRoute: AudioRoute, to route: AudioRoute) {
        self.previousRoute = previousRoute
        self.route = route
        reason = route.isPrivate ? .newDeviceAvailable : .oldDeviceUnavailable
    }
}
