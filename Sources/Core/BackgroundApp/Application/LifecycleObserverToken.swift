import BackgroundWire

/// The handle on an observer added with `Application.addObserver(for:using:)`.
public struct LifecycleObserverToken: Hashable, Sendable {
    let id: Int
    let name: ObservedNotification
}
