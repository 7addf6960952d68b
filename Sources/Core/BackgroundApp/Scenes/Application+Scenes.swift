import BackgroundWire

/// The scene-based life cycle on the app's side (iOS 13): the scene the system connects, its
/// delegate's calls and its notifications (`SystemStateMachine+Scenes.swift` decides when).
extension Application {
    /// Whether the app's scene delegate, not the app delegate, hears the app come on and go off
    /// screen: its Info.plist has a scene manifest and the profile is iOS 13 or later.
    public var usesScenes: Bool {
        infoPlist.usesScenes(in: profile)
    }

    /// The scenes connected to the app, like `UIApplication.connectedScenes`: one while it is
    /// connected, none before, after it is disconnected, and in an app that does not use scenes.
    public var connectedScenes: [Scene] {
        connectedScene.map { [$0] } ?? []
    }

    /// Calls `handler` each time the app's scene posts `notification`, after the scene's
    /// delegate. Remove it with ``removeObserver(_:)``. (Its own label keeps
    /// `addObserver(for: .didEnterBackground)` the app's notification.)
    @discardableResult
    public func addObserver(forScene notification: SceneNotification, using handler: @escaping @AppMain () -> Void) -> LifecycleObserverToken {
        addObserver(for: .scene(notification), using: handler)
    }

    /// The system connects a scene: it gets its delegate from the app delegate, then
    /// `scene(_:willConnectTo:)` and `.willConnect`. Its session carries the state the app
    /// preserved, if the system ended it.
    func connectScene() {
        guard usesScenes, connectedScene == nil else { return }
        let manifest = infoPlist.sceneManifest
        let session = SceneSession(
            role: "UIWindowSceneSessionRoleApplication", configurationName: manifest?.configurationName,
            delegateClassName: manifest?.delegateClassName, stateRestoration: restoredState)
        let scene = Scene(session: session)
        scene.delegate = delegate?.application(self, delegateForConnecting: session)
        connectedScene = scene
        scene.delegate?.scene(scene, willConnectTo: session)
        scene.activationState = .background
        notifyObservers(of: .scene(.willConnect), object: scene)
    }

    /// The system disconnects the scene: `sceneDidDisconnect`, then `.didDisconnect`.
    func disconnectScene() {
        guard let scene = connectedScene else { return }
        connectedScene = nil
        scene.activationState = .unattached
        scene.delegate?.sceneDidDisconnect(scene)
        notifyObservers(of: .scene(.didDisconnect), object: scene)
    }

    /// The scene's part of a lifecycle event: its delegate's method, then its notification,
    /// with its state changed before or after as for the app's. Nothing while none is connected
    /// (an app launched into the background).
    func deliverToScene(_ event: LifecycleEvent) {
        guard let scene = connectedScene, let notification = event.sceneNotification else { return }
        switch event {
        case .didEnterBackground: scene.activationState = .background
        case .didBecomeActive: scene.activationState = .foregroundActive
        case .didFinishLaunching, .willResignActive, .willEnterForeground, .willTerminate: break
        }
        if let delegate = scene.delegate {
            switch event {
            case .willResignActive: delegate.sceneWillResignActive(scene)
            case .didEnterBackground: delegate.sceneDidEnterBackground(scene)
            case .willEnterForeground: delegate.sceneWillEnterForeground(scene)
            case .didBecomeActive: delegate.sceneDidBecomeActive(scene)
            case .didFinishLaunching, .willTerminate: break
            }
        }
        notifyObservers(of: .scene(notification), object: scene)
        switch event {
        case .willResignActive, .willEnterForeground: scene.activationState = .foregroundInactive
        case .didFinishLaunching, .didEnterBackground, .didBecomeActive, .willTerminate: break
        }
    }
}
