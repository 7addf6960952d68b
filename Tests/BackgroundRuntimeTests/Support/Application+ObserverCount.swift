@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire

extension Application {
    /// How many observers of `event` the application holds, read from its private storage: an
    /// observer left behind shows in no behaviour (it only finds its consumer gone), so a test
    /// of its removal looks at the storage itself. Nil if the storage is not where it was.
    func observerCount(of event: LifecycleEvent) -> Int? {
        let storage = Mirror(reflecting: self).children.first { $0.label == "observers" }?.value
        guard let observers = storage as? [ObservedNotification: [(id: Int, handler: @AppMain () -> Void)]] else { return nil }
        return observers[.lifecycle(event)]?.count ?? 0
    }
}
