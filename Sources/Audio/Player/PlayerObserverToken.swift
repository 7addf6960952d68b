/// The handle on an observer of a ``QueuePlayer``; give it back to
/// ``QueuePlayer/removeObserver(_:)``.
public struct PlayerObserverToken: Hashable, Sendable {
    let id: Int
}
