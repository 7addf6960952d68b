/// Identifies an observer added to an ``AppAudioSession``, to remove it.
public struct AudioSessionObserverToken: Sendable, Hashable {
    let id: Int
}
