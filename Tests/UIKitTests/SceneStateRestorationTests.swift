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

    /// A launched app whose scene shows `article`, sent to the background with Home.
    private func readingInTheBackground(_ article: String, recorder: CallRecorder) -> TestDevice {
        let device = makeDevice(recorder)
        device.launch()
        device.performOnMain { application in
            (application.connectedScenes.first?.delegate as? ReadingSceneDelegate)?.article = article
        }
        device.pressHome()
        return device
    }

    @Test func theSceneGetsItsActivityBackAfterTheSystemEndedTheApp() {
        let recorder = CallRecorder()
        let device = readingInTheBackground("Background Modes", recorder: recorder)
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
        let device = readingInTheBackground("Background Modes", recorder: recorder)
        device.terminate(.user)
        device.openApp()
        #expect(recorder.calls == ["connected fresh", "connected fresh"])
    }

    @Test func aUserInfoThatIsNotAPropertyListIsLeftOutAndTheConsoleSaysSo() {
        let recorder = CallRecorder()
        let device = readingInTheBackground("unencodable", recorder: recorder)
        device.simulateMemoryPressure()
        device.openApp()
        #expect(recorder.calls.last == "restored com.example.reader.article \"Reading\" article none")
        #expect(device.consoleLines(containing: "is not a property-list value under a string key, so it is not preserved").count == 1)
    }
}
