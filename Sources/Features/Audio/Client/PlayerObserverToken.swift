/// The handle on an observer of an ``AudioPlayer``; give it back to
/// ``AudioPlayer/removeObserver(_:)``.
public struct PlayerObserverToken: Hashable, Sendable {
    let id: Int
    /// Whether it is a periodic time observer.
    let isTimeObserver: Bool
}
