import BackgroundRuntimeTesting
import Testing
import UIKit

/// Scenes in UIKit's spelling: the manifest's `UISceneDelegateClassName`, or the configuration's
/// `delegateClass`, makes a `UIWindowSceneDelegate`, which hears the connection with its options
/// and the scene's steps on and off screen.
@Suite struct SceneDelegateTests {
    /// A device whose Info.plist opts into scenes, naming `delegateClassName`.
    func makeDevice(
        delegateClassName: String?, _ make: @escaping @MainActor @Sendable () -> any UIApplicationDelegate
    ) -> TestDevice {
        let infoPlist = InfoPlist(
            bundleName: "Scenic", sceneManifest: SceneManifest(configurationName: "Default Configuration", delegateClassName: delegateClassName))
        return TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: infoPlist, delegate: make)
    }

    @Test func theManifestsClassNameMakesTheSceneDelegate() {
        let recorder = CallRecorder()
        let device = makeDevice(delegateClassName: "UIKitTests.RecordingSceneDelegate") { SceneAppDelegate(recorder: recorder) }
        device.launch()
        device.pressHome()
        #expect(recorder.calls == [
            "willConnectTo Default Configuration, window of its scene", "willEnterForeground", "didBecomeActive",
            "willResignActive", "didEnterBackground",
        ])
    }

    @Test func theConfigurationsDelegateClassComesFirst() {
        let recorder = CallRecorder()
        let device = makeDevice(delegateClassName: "UIKitTests.NoSuchDelegate") {
            SceneAppDelegate(recorder: recorder, namesDelegateClass: true)
        }
        device.launch()
        #expect(recorder.calls.first == "willConnectTo Default Configuration, window of its scene")
        #expect(device.consoleLines(containing: "names no UIResponder").isEmpty)
    }

    @Test func aClassNameThatFindsNoDelegateLeavesTheSceneWithoutOneAndSaysSo() {
        let device = makeDevice(delegateClassName: "Scenic.SceneDelegate") { SilentDelegate() }
        device.launch()
        #expect(device.consoleLines(containing:
            "Scene: UISceneDelegateClassName \"Scenic.SceneDelegate\" names no UIResponder that is a UISceneDelegate; the scene has no delegate"
        ).count == 1)
        #expect(device.perform { $0.connectedScenes.first?.delegate == nil } == true)
    }
}
