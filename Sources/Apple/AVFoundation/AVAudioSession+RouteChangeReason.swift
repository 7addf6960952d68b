extension AVAudioSession {
    /// Why the route changed (`AVAudioSession.RouteChangeReason`), under
    /// ``AVAudioSessionRouteChangeReasonKey`` as a `UInt`, with Apple's values. Backgrounder's
    /// routes change for the first two reasons only: headphones or a headset came or went.
    public enum RouteChangeReason: UInt, Sendable {
        case unknown = 0
        case newDeviceAvailable = 1
        case oldDeviceUnavailable = 2
        case categoryChange = 3
        case override = 4
        case wakeFromSleep = 6
        case noSuitableRouteForCategory = 7
        case routeConfigurationChange = 8
    }
}
