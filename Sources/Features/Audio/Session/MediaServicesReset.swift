/// What ``AppAudioSession/observeMediaServicesReset(_:)``'s handlers are told: the media server
/// restarted (`mediaServicesWereResetNotification`, iOS 6), and the app's audio objects and
/// session settings are gone.
public struct MediaServicesReset: Sendable, Equatable {
    public init() {}
}
