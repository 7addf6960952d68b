import BackgroundRuntime

/// A scene delegate that writes each call, with the scene's state then, to an ``AppLog``
/// (`scene: …`).
@AppMain
final class LoggingSceneDelegate: SceneDelegate {
    let log: AppLog

    init(log: AppLog) {
        self.log = log
    }

    func scene(_ scene: Scene, willConnectTo session: SceneSession) {
        log.append("scene: willConnectTo \(session.configurationName ?? "-")")
    }

    func sceneWillEnterForeground(_ scene: Scene) { log.append("scene: willEnterForeground (\(scene.activationState))") }
    func sceneDidBecomeActive(_ scene: Scene) { log.append("scene: didBecomeActive (\(scene.activationState))") }
    func sceneWillResignActive(_ scene: Scene) { log.append("scene: willResignActive (\(scene.activationState))") }
    func sceneDidEnterBackground(_ scene: Scene) { log.append("scene: didEnterBackground (\(scene.activationState))") }
    func sceneDidDisconnect(_ scene: Scene) { log.append("scene: didDisconnect (\(scene.activationState))") }
}
