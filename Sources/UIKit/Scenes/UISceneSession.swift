import BackgroundRuntime

/// What a scene is made from (`UISceneSession`): its role and the manifest's configuration.
public typealias UISceneSession = SceneSession
