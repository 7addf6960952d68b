import BackgroundWire

/// The scene-based life cycle (iOS 13): an app whose Info.plist has a scene manifest gets a
/// scene when it comes on screen; the system disconnects it when the user swipes the app away,
/// and to reclaim memory while the app runs in the background (rules in `Rule+Scenes.swift`).
///
/// The machine decides when the scene connects and disconnects; the lifecycle events stay
/// those of `SystemStateMachine+Lifecycle.swift`, and the app's side hands each to the scene's
/// delegate in place of the app delegate (`Application+Scenes.swift`).
extension SystemStateMachine {
    /// Whether the app gets the scene-based life cycle: a scene manifest, iOS 13 or later.
    var usesScenes: Bool {
        infoPlist.usesScenes(in: profile)
    }

    /// The scene's state as `status` shows it, derived from the app's; nil for an app that does
    /// not use scenes.
    package var sceneActivationState: SceneActivationState? {
        guard usesScenes else { return nil }
        guard sceneConnected else { return .unattached }
        return switch appState {
        case .active: .foregroundActive
        case .inactive: .foregroundInactive
        case .background, .suspended: .background
        case .notRunning: .unattached
        }
    }

    /// Connects the scene of an app that uses scenes and is coming on screen with none
    /// connected — or, `inTheBackground`, launched in the background for an event that connects
    /// one (a location event, rule a-location-launch-connects-the-scene); whether it did. The
    /// caller delivers willEnterForeground next, or didEnterBackground, which a newly connected
    /// scene gets too.
    @discardableResult
    mutating func connectScene(inTheBackground: Bool = false) -> Bool {
        guard usesScenes, !sceneConnected else { return false }
        sceneConnected = true
        markChanged()
        log("Scene connected: the app uses scenes (\(profile.name)), so its scene delegate, not its app delegate, "
            + "hears it come on and go off screen")
        deliver(.sceneWillConnect)
        return true
    }

    /// Disconnects the app's scene, if one is connected; `reason` is the console's words.
    mutating func disconnectScene(_ reason: String) {
        guard sceneConnected else { return }
        log("Scene disconnected: \(reason)")
        sceneConnected = false
        markChanged()
        deliver(.sceneDidDisconnect)
    }
}
