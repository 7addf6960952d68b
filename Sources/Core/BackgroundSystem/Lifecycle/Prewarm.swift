import BackgroundWire

/// A prewarmed process of the app (iOS 15): its launch sequence ran up to, but not including,
/// `UIApplicationMain`, and waits for the launch or for the system to reclaim it.
struct Prewarm: Sendable, Equatable {
    /// When the system prewarmed it, in device time.
    let time: Duration
    /// Whether it ran before the first unlock after a restart, when protected data — keychain
    /// items, files of every class but none — was unavailable to the code it ran.
    let beforeFirstUnlock: Bool
}
