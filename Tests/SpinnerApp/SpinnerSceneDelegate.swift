import BackgroundRuntime
import Foundation

/// SpinnerApp's scene delegate, when its Info.plist has a scene manifest (`--info-plist`,
/// iOS 13 and later): it logs each call with the process it ran in.
@AppMain
final class SpinnerSceneDelegate: SceneDelegate {
    let application: Application

    init(application: Application) {
        self.application = application
    }

    func scene(_ scene: Scene, willConnectTo session: SceneSession) {
        log("connected (\(session.configurationName ?? "no configuration name"))")
    }

    func sceneWillEnterForeground(_ scene: Scene) { log("will enter the foreground") }
    func sceneDidBecomeActive(_ scene: Scene) { log("active") }
    func sceneWillResignActive(_ scene: Scene) { log("will resign active") }
    func sceneDidEnterBackground(_ scene: Scene) { log("in the background") }
    func sceneDidDisconnect(_ scene: Scene) { log("disconnected") }

    private func log(_ step: String) {
        application.logger.info("Scene \(step) (pid \(getpid()))")
    }
}
