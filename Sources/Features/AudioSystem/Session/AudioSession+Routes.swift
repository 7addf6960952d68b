import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire

/// The device's audio route: plugging in headphones or connecting a headset takes the audio
/// to them; unplugging them brings it back to the speaker, and the player pauses rather than
/// play on aloud (Apple, “Responding to audio route changes”).
extension AudioSession {
    /// Moves the device's audio to `route`, as the user plugging in or unplugging headphones
    /// does, and tells the app (`routeChangeNotification`) and the player. Returns the change;
    /// nil when the audio already goes there.
    @discardableResult
    public func changeRoute(to route: AudioRoute) -> AudioRouteChange? {
        let change = state.withLock { state -> AudioRouteChange? in
            guard state.route != route else { return nil }
            defer { state.route = route }
            return AudioRouteChange(from: state.route, to: route)
        }
        guard let change else { return nil }
        device.console.log(
            "Audio route changed: \(change.previousRoute.rawValue) → \(route.rawValue) (\(change.reason.rawValue))")
        device.publish(route, for: .audioRoute)
        // The app hears of it before its player's pause, and before it can be suspended.
        tell(.routeChanged(change))
        return change
    }
}
