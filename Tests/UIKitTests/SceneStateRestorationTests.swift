import BackgroundRuntimeTesting
import Testing
import UIKit

/// A scene's state restoration (iOS 13): the activity its delegate returns as it goes to the
/// background comes back in its session's `stateRestorationActivity` after the system ended
/// the app, not after the user did.
@Suite struct SceneStateRestorationTests {
    private func makeDevice(_ recorder: CallRecorder) -> TestDevice {
        let infoPlist = InfoPlist(
            bundleName: "Reader",
            sceneManifest: SceneManifest(configurationName: "Default Configuration", delegateClassName: "UIKitTests.ReadingSceneDelegate"))
        return TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: infoPlist) { SceneAppDelegate(recorder: recorder) }
    }

    /// Opens `article` on the connected scene.
    private func read(_ article: String, on device: TestDevice) {
        device.performOnMain { application in
            (application.connectedScenes.first?.delegate as? ReadingSceneDelegate)?.article = article
        }
    }

    @Test func theSceneGetsItsActivityBackAfterTheSystemEndedTheApp() {
        let recorder = CallRecorder()
        let device = makeDevice(recorder)
        device.launch()
        read("Background Modes", on: device)
        device.pressHome()
        device.advance(by: .seconds(60))
        device.simulateMemoryPressure()
        #expect(device.appState == .notRunning)
        device.openApp()
        #expect(recorder.calls == [
            "connected fresh", "restored com.example.reader.article \"Reading\" article Background Modes",
        ])
        #expect(device.console.recentMessages.contains(
            "State restoration: Reader gets back what it preserved 60 s ago: com.example.reader.article"))
    }

    @Test func afterTheUserSwipedTheAppAwayTheSceneConnectsFresh() {
        let recorder = CallRecorder()
        let device = makeDevice(recorder)
        device.launch()
        read("Background Modes", on: device)
        device.pressHome()
        device.terminate(.user)
        device.openApp()
        #expect(recorder.calls == ["connected fresh", "connected fresh"])
    }

    @Test func aUserInfoThatIsNotAPropertyListIsLeftOutAndTheConsoleSaysSo() {
        let recorder = CallRecorder()
        let device = makeDevice(recorder)
        device.launch()
        read("unencodable", on: device)
        device.pressHome()
        device.simulateMemoryPressure()
        device.openApp()
        #expect(recorder.calls.last == "restored com.example.reader.article \"Reading\" article none")
        #expect(device.consoleLines(containing: "is not a property-list value under a string key, so it is not preserved").count == 1)
    }
}
