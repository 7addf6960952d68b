/// Identifies an observer added to an ``AudioSession``, to remove it.
public struct AudioSessionObserverToken: Sendable, Hashable {
    let id: Int
}
