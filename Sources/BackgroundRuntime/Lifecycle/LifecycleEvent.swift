/// The lifecycle notifications iOS sends an app, named as UIKit names them
/// (`UIApplication.didEnterBackgroundNotification` is ``didEnterBackground``).
public enum LifecycleEvent: String, Sendable, Codable, CaseIterable {
    case didFinishLaunching
    case willResignActive
    case didEnterBackground
    case willEnterForeground
    case didBecomeActive
    case willTerminate
}
