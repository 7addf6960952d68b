@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Foundation
import Testing

/// The scene-based life cycle of iOS 13 on the test clock: which delegate hears the app come on
/// and go off screen in each era, the notifications of each path, when the scene connects and
/// disconnects (rules scene-delegate-replaces-app-delegate, scene-notifications,
/// scene-manifest-before-ios-13, scenes-are-opt-in, scene-connects-on-screen, scene-disconnect,
/// scene-disconnect-on-swipe).
@Suite("Scenes: the scene-based life cycle of iOS 13")
struct SceneTests {
    static let manifest = SceneManifest(configurationName: "Default Configuration", delegateClassName: "SceneDelegate")

    @Test func aSceneAppHearsItsSceneDelegateNotTheAppDelegate() {
        let log = AppLog()
        let device = makeSceneDevice(iOS: 17, log: log)
        defer { device.shutdown() }
        device.launch()
        #expect(delegateCalls(log) == [
            "app: didFinishLaunching", "scene: willConnectTo Default Configuration",
            "scene: willEnterForeground (background)", "scene: didBecomeActive (foregroundActive)",
        ])
        #expect(device.console.recentMessages.contains(
            "Scene connected: the app uses scenes (iOS 17), so its scene delegate, not its app delegate, hears it come on and go off screen"))
        device.pressHome()
        #expect(delegateCalls(log) == ["scene: willResignActive (foregroundActive)", "scene: didEnterBackground (background)"])
        #expect(device.appState == .suspended, "sceneDidEnterBackground returned, and nothing keeps the app running")
        #expect(device.sceneActivationState == .background)
        device.openApp()
        #expect(delegateCalls(log) == ["scene: willEnterForeground (background)", "scene: didBecomeActive (foregroundActive)"])
        device.beginInterruption(presentation: .fullScreen)
        #expect(delegateCalls(log) == ["scene: willResignActive (foregroundActive)"])
        #expect(device.sceneActivationState == .foregroundInactive)
        #expect(device.perform { $0.connectedScenes.map(\.activationState) } == [.foregroundInactive])
        #expect(device.perform { $0.applicationState } == .inactive, "the app's state follows its scene's")
        device.endInterruption()
        #expect(delegateCalls(log) == ["scene: didBecomeActive (foregroundActive)"])
        #expect(device.perform { $0.usesScenes } == true)
    }

    @Test func eachSceneStepPostsTheScenesNotificationAndTheApplicationsStill() {
        let log = AppLog()
        let device = makeSceneDevice(iOS: 13, log: log)
        defer { device.shutdown() }
        device.launch()
        #expect(log.take() == ["app: didFinishLaunching"] + Self.connectingPath)
        #expect(device.statusJSON().contains(#""usesScenes":true"#))
        #expect(device.statusJSON().contains(#""sceneActivationState":"foregroundActive""#))
        device.pressHome()
        #expect(log.take() == [
            "scene: willResignActive (foregroundActive)", "UIScene.willDeactivate", "UIApplication.willResignActive",
            "scene: didEnterBackground (background)", "UIScene.didEnterBackground", "UIApplication.didEnterBackground",
        ])
        #expect(device.statusJSON().contains(#""sceneActivationState":"background""#))
        device.openApp()
        #expect(log.take() == [
            "scene: willEnterForeground (background)", "UIScene.willEnterForeground", "UIApplication.willEnterForeground",
            "scene: didBecomeActive (foregroundActive)", "UIScene.didActivate", "UIApplication.didBecomeActive",
        ])
    }

    @Test func beforeIOS13ASceneManifestIsIgnored() {
        let log = AppLog()
        let device = makeSceneDevice(iOS: 12, log: log)
        defer { device.shutdown() }
        expectTheAppDelegatePath(device, log)
        #expect(device.perform { $0.usesScenes } == false)
        #expect(device.perform { $0.infoPlist.sceneManifest } == Self.manifest, "the manifest is read, and ignored")
        #expect(device.statusJSON().contains(#""usesScenes":false"#))
        #expect(device.statusJSON().contains(#""sceneActivationState":null"#))
    }

    @Test(arguments: [4, 12, 13, 17, 26])
    func anAppWithoutAManifestKeepsTheAppDelegateInEveryEra(version: Int) {
        let log = AppLog()
        let device = makeSceneDevice(iOS: version, manifest: nil, log: log)
        defer { device.shutdown() }
        expectTheAppDelegatePath(device, log)
        device.simulateMemoryPressure()
        device.terminate()
        #expect(log.take() == [
            "app: willResignActive", "UIApplication.willResignActive", "app: didEnterBackground",
            "UIApplication.didEnterBackground", "app: willTerminate",
        ])
        #expect(!device.console.recentMessages.contains { $0.hasPrefix("Scene ") }, "no scene, no word of one")
    }

    @Test func aBackgroundLaunchConnectsNoSceneUntilTheAppComesOnScreen() {
        let log = AppLog()
        let device = makeSceneDevice(iOS: 17, log: log)
        defer { device.shutdown() }
        device.launch(reason: .fetch)
        #expect(log.take() == ["app: didFinishLaunching", "UIApplication.didEnterBackground", "app: performFetch"])
        #expect(device.sceneActivationState == .unattached)
        #expect(device.statusJSON().contains(#""sceneActivationState":"unattached""#))
        #expect(device.appState == .suspended, "the fetch is done")
        device.openApp()
        #expect(log.take() == Self.connectingPath)
        #expect(device.sceneActivationState == .foregroundActive)

        device.perform { application in
            application.addObserver(forScene: .didEnterBackground) {
                // Still busy after 6 s: sceneDidEnterBackground has didEnterBackground's 5 s.
                device.advance(by: .seconds(6))
            }
        }
        device.pressHome()
        #expect(device.appState == .notRunning)
        #expect(device.lastTermination == .system(reason: "failed to suspend in time"))
    }

    @Test func aLocationLaunchConnectsTheSceneInTheBackground() {
        let log = AppLog()
        let device = makeSceneDevice(iOS: 17, log: log)
        defer { device.shutdown() }
        device.launch(reason: .location)
        #expect(log.take() == [
            "app: didFinishLaunching", "scene: willConnectTo Default Configuration", "UIScene.willConnect",
            "scene: didEnterBackground (background)", "UIScene.didEnterBackground", "UIApplication.didEnterBackground",
        ], "“the system might launch the scene in the background to process a location event”")
        #expect(device.sceneActivationState == .background)
        #expect(device.console.recentMessages.contains("The scene connects in the background to handle the location event"))
        device.openApp()
        #expect(log.take() == Array(Self.connectingPath.dropFirst(2)), "connected already: it only comes on screen")
        #expect(device.sceneActivationState == .foregroundActive)
    }

    @Test func memoryPressureDisconnectsABackgroundSceneThatConnectsAgainOnScreen() {
        let log = AppLog()
        let device = makeSceneDevice(iOS: 17, log: log)
        defer { device.shutdown() }
        device.launch()
        let task = device.perform { $0.beginBackgroundTask(withName: "save") } ?? .invalid
        device.pressHome()
        device.advance(by: .seconds(10))
        _ = log.take()
        #expect(device.appState == .background)
        #expect(device.sceneActivationState == .background, "going to the background leaves the scene connected")

        device.simulateMemoryPressure()
        #expect(log.take() == ["scene: didDisconnect (unattached)", "UIScene.didDisconnect"])
        #expect(device.appState == .background, "the app itself is spared")
        #expect(device.sceneActivationState == .unattached)
        #expect(device.perform { $0.connectedScenes.count } == 0)
        #expect(device.console.recentMessages.contains(
            "Scene disconnected: the system reclaimed the memory of the app's background scene"))

        _ = device.perform { $0.endBackgroundTask(task) }
        device.openApp()
        #expect(delegateCalls(log) == [
            "scene: willConnectTo Default Configuration", "scene: willEnterForeground (background)",
            "scene: didBecomeActive (foregroundActive)",
        ])

        device.pressHome()
        #expect(device.appState == .suspended)
        _ = log.take()
        device.simulateMemoryPressure()
        #expect(device.appState == .notRunning, "jetsam ends a suspended app, scene and all")
        #expect(log.take().isEmpty)
        #expect(device.sceneActivationState == .unattached)
    }

    @Test func swipingAwayASceneAppDisconnectsItsSceneBeforeWillTerminate() {
        let log = AppLog()
        let device = makeSceneDevice(iOS: 17, log: log)
        defer { device.shutdown() }
        device.launch()
        _ = log.take()
        device.terminate(.user)
        #expect(log.take() == [
            "scene: willResignActive (foregroundActive)", "UIScene.willDeactivate", "UIApplication.willResignActive",
            "scene: didEnterBackground (background)", "UIScene.didEnterBackground", "UIApplication.didEnterBackground",
            "scene: didDisconnect (unattached)", "UIScene.didDisconnect", "app: willTerminate",
        ])
        #expect(device.appState == .notRunning)
        #expect(device.sceneActivationState == .unattached)
        #expect(device.console.recentMessages.contains("Scene disconnected: the user closed the app in the app switcher"))

        device.launch()
        device.pressHome()
        #expect(device.appState == .suspended)
        _ = log.take()
        device.terminate(.user)
        #expect(log.take().isEmpty, "a suspended app swiped away hears nothing")
    }

    @Test func theMachineConnectsTheSceneBetweenLaunchingAndTheForeground() {
        var rig = MachineRig(iOS: 13, sceneManifest: Self.manifest)
        rig.feed { $0.launch(reason: .user, at: $1) }
        #expect(rig.deliveries == [
            "deliver(finishLaunching(user) to launch 1)", "deliver(sceneWillConnect to launch 1)",
            "deliver(willEnterForeground to launch 1)", "deliver(didBecomeActive to launch 1)",
        ])
        #expect(rig.machine.sceneActivationState == .foregroundActive)
        var old = MachineRig(iOS: 12, sceneManifest: Self.manifest)
        old.feed { $0.launch(reason: .user, at: $1) }
        #expect(old.deliveries == ["deliver(finishLaunching(user) to launch 1)", "deliver(didBecomeActive to launch 1)"])
        #expect(old.machine.sceneActivationState == nil)
    }

    @Test func theSceneManifestIsReadFromTheInfoPlistAndAMalformedOneIsNamed() throws {
        let plist = try InfoPlist(data: Self.plist(manifest: """
            <dict>
              <key>UIApplicationSupportsMultipleScenes</key><false/>
              <key>UISceneConfigurations</key>
              <dict>
                <key>UIWindowSceneSessionRoleApplication</key>
                <array><dict>
                  <key>UISceneConfigurationName</key><string>Default Configuration</string>
                  <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
                </dict></array>
              </dict>
            </dict>
            """), source: "Scenes.plist")
        #expect(plist.sceneManifest == SceneManifest(
            supportsMultipleScenes: false, configurationName: "Default Configuration",
            delegateClassName: "$(PRODUCT_MODULE_NAME).SceneDelegate"))
        #expect(try InfoPlist(data: Self.plist(manifest: "<dict/>"), source: "Empty.plist").sceneManifest == SceneManifest())
        #expect(try InfoPlist(data: Self.plist(manifest: nil), source: "None.plist").sceneManifest == nil)

        let cases: [(String, InfoPlistError)] = [
            ("<string>yes</string>", .wrongType(file: "Bad.plist", key: "UIApplicationSceneManifest", expected: "a dictionary")),
            ("<dict><key>UIApplicationSupportsMultipleScenes</key><string>no</string></dict>", .wrongType(
                file: "Bad.plist", key: "UIApplicationSceneManifest ▸ UIApplicationSupportsMultipleScenes",
                expected: "a boolean (<true/> or <false/>)")),
            ("<dict><key>UISceneConfigurations</key><array/></dict>", .wrongType(
                file: "Bad.plist", key: "UIApplicationSceneManifest ▸ UISceneConfigurations", expected: "a dictionary of session roles")),
            ("<dict><key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><dict/></dict></dict>",
             .wrongType(
                file: "Bad.plist", key: "UIApplicationSceneManifest ▸ UISceneConfigurations ▸ UIWindowSceneSessionRoleApplication",
                expected: "an array of dictionaries")),
            ("<dict><key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array><dict><key>UISceneDelegateClassName</key><integer>1</integer></dict></array></dict></dict>",
             .wrongType(
                file: "Bad.plist",
                key: "UIApplicationSceneManifest ▸ UISceneConfigurations ▸ UIWindowSceneSessionRoleApplication ▸ UISceneDelegateClassName",
                expected: "a string")),
        ]
        for (manifest, error) in cases {
            #expect(throws: error) { try InfoPlist(data: Self.plist(manifest: manifest), source: "Bad.plist") }
        }
        #expect(InfoPlistError.wrongType(file: "Bad.plist", key: "UIApplicationSceneManifest", expected: "a dictionary").description
            == "Bad.plist: key UIApplicationSceneManifest must be a dictionary")
    }

    // MARK: Helpers

    /// A scene connecting as the app comes on screen, with the notifications.
    static let connectingPath = [
        "scene: willConnectTo Default Configuration", "UIScene.willConnect",
        "scene: willEnterForeground (background)", "UIScene.willEnterForeground", "UIApplication.willEnterForeground",
        "scene: didBecomeActive (foregroundActive)", "UIScene.didActivate", "UIApplication.didBecomeActive",
    ]

    /// The app-delegate path of launch, Home and open, with the app's notifications.
    static let appDelegatePath = [
        "app: didFinishLaunching", "app: didBecomeActive", "UIApplication.didBecomeActive",
        "app: willResignActive", "UIApplication.willResignActive", "app: didEnterBackground", "UIApplication.didEnterBackground",
        "app: willEnterForeground", "UIApplication.willEnterForeground", "app: didBecomeActive", "UIApplication.didBecomeActive",
    ]

    private func makeSceneDevice(iOS version: Int, manifest: SceneManifest? = SceneTests.manifest, log: AppLog) -> TestDevice {
        TestDevice(profile: PolicyProfile(iOS: version)!, infoPlist: InfoPlist(backgroundModes: [.fetch], sceneManifest: manifest)) {
            SceneAppDelegate(application: $0, log: log)
        }
    }

    /// Launch, Home and open take the app-delegate path, with no scene.
    private func expectTheAppDelegatePath(_ device: TestDevice, _ log: AppLog, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        device.launch()
        device.pressHome()
        device.openApp()
        #expect(log.take() == Self.appDelegatePath, sourceLocation: sourceLocation)
        #expect(device.perform { $0.connectedScenes.count } == 0, sourceLocation: sourceLocation)
        #expect(device.sceneActivationState == nil, sourceLocation: sourceLocation)
    }

    /// The delegates' calls the log has, without the notifications.
    private func delegateCalls(_ log: AppLog) -> [String] {
        log.take().filter { !$0.hasPrefix("UI") }
    }

    /// An Info.plist whose UIApplicationSceneManifest is `manifest` (none if nil).
    private static func plist(manifest: String?) -> Data {
        let entry = manifest.map { "<key>UIApplicationSceneManifest</key>\($0)" } ?? ""
        return Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>CFBundleName</key><string>Scenic</string>\(entry)</dict></plist>
            """.utf8)
    }
}
