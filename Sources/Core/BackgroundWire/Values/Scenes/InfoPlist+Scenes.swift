/// Whether an app gets the scene-based life cycle.
extension InfoPlist {
    /// Whether the app's scene delegate, not its app delegate, hears it come on and go off
    /// screen under `profile`: its Info.plist has a scene manifest and scenes exist (iOS 13).
    /// Before iOS 13 a manifest is ignored.
    public func usesScenes(in profile: PolicyProfile) -> Bool {
        sceneManifest != nil && profile.hasScenes
    }
}
