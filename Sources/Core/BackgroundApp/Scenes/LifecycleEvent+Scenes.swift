import BackgroundWire

/// The scene's step of each lifecycle event, in an app that uses scenes.
extension LifecycleEvent {
    /// The scene notification that goes with the event, nil for the app's own events
    /// (didFinishLaunching and willTerminate still reach the app delegate).
    var sceneNotification: SceneNotification? {
        switch self {
        case .willResignActive: .willDeactivate
        case .didEnterBackground: .didEnterBackground
        case .willEnterForeground: .willEnterForeground
        case .didBecomeActive: .didActivate
        case .didFinishLaunching, .willTerminate: nil
        }
    }
}
