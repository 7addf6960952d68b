import BackgroundWire

/// The scene-based life cycle on the system's side (`SystemStateMachine+Scenes.swift`).
extension Device {
    /// The state of the app's scene: nil for an app that does not use scenes (no scene
    /// manifest, or before iOS 13), unattached while none is connected.
    public var sceneActivationState: SceneActivationState? {
        read { $0.sceneActivationState }
    }
}
