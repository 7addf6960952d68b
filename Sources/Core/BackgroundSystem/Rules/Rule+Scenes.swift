import BackgroundWire

extension Rule {
    /// The scene-based life cycle of iOS 13 (`SystemStateMachine+Scenes.swift`, the app's side
    /// in `Application+Scenes.swift`).
    static let scenes: [Rule] = [
        Rule(
            "scene-delegate-replaces-app-delegate", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Managing your app’s life cycle”: “When you enable scene support in your app, iOS always uses your scene delegates in iOS 13 and later”; Information Property List, UIApplicationSceneManifest: “The presence of this key indicates that the app supports scenes and doesn’t use an app delegate object to manage transitions to and from the foreground or background”; UIApplicationDelegate applicationWillResignActive(_:), applicationDidEnterBackground(_:), applicationDidBecomeActive(_:): “If you’re using scenes …, UIKit will not call this method”"),
            test: "aSceneAppHearsItsSceneDelegateNotTheAppDelegate"
        ) { _ in
            "An app whose Info.plist has UIApplicationSceneManifest hears the foreground and the background on its "
                + "scene delegate (sceneWillResignActive, sceneDidEnterBackground, sceneWillEnterForeground, "
                + "sceneDidBecomeActive), never on its app delegate, which still gets didFinishLaunching and "
                + "willTerminate."
        },
        Rule(
            "scene-notifications", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, UIScene.willDeactivateNotification, didEnterBackgroundNotification, willEnterForegroundNotification, didActivateNotification, didDisconnectNotification: “UIKit also calls the … method of your scene delegate object”; UIApplicationDelegate applicationDidEnterBackground(_:): “UIKit posts a didEnterBackgroundNotification regardless of whether your app uses scenes” (and likewise willResignActive, didBecomeActive)"),
            test: "eachSceneStepPostsTheScenesNotificationAndTheApplicationsStill"
        ) { _ in
            "Each of the scene's steps posts its UIScene notification after the scene delegate's method "
                + "(.willConnect, .willEnterForeground, .didActivate, .willDeactivate, .didEnterBackground, "
                + ".didDisconnect), and the app's lifecycle notifications are posted as without scenes."
        },
        Rule(
            "scene-manifest-before-ios-13", eras: PolicyProfile.supportedVersions.lowerBound...12,
            origin: .iOS(source: "Apple, “Managing your app’s life cycle”: “In iOS 12 and earlier, the system uses your app delegate”; UIApplicationSceneManifest and UISceneDelegate are available from iOS 13"),
            test: "beforeIOS13ASceneManifestIsIgnored"
        ) { _ in
            "Scenes came with iOS 13: a scene manifest in the Info.plist is ignored, and the app delegate hears every "
                + "lifecycle event."
        },
        Rule(
            "scenes-are-opt-in",
            origin: .iOS(source: "Apple, “Managing your app’s life cycle”: “Scene support is an opt-in feature. To enable basic support, add the UIApplicationSceneManifest key to your app’s Info.plist file”"),
            test: "anAppWithoutAManifestKeepsTheAppDelegateInEveryEra"
        ) { _ in
            "An app without UIApplicationSceneManifest in its Info.plist hears every lifecycle event on its app "
                + "delegate, in every era, and has no scene."
        },
        Rule(
            "scene-connects-on-screen", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple, sceneWillEnterForeground(_:): the transition “occurs both for newly created and connected scenes and for scenes that were running in the background”; “Managing your app’s life cycle”: “A system-requested scene typically moves to the background so that it can process an event”, without saying which background launches connect one. Here a launch into the background connects none, the scene connects when the app first comes on screen, and the app's willEnterForeground notification is posted with the new scene's sceneWillEnterForeground. Apple gives sceneDidEnterBackground(_:) no time limit of its own; here it has applicationDidEnterBackground's"),
            test: "aBackgroundLaunchConnectsNoSceneUntilTheAppComesOnScreen"
        ) { profile in
            "A user launch: didFinishLaunching (app delegate), scene(_:willConnectTo:), sceneWillEnterForeground, "
                + "sceneDidBecomeActive. A launch into the background connects no scene (but one for a location event); it connects, then enters "
                + "the foreground, when the app first comes on screen. sceneDidEnterBackground has the "
                + "\(profile.didEnterBackgroundGrace.secondsText) s didEnterBackground has."
        },
        Rule(
            "a-location-launch-connects-the-scene", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Managing your app’s life cycle”: “System-requested scenes typically move to the background so that they can process an event. For example, the system might launch the scene in the background to process a location event.” That other background launches connect none is rule scene-connects-on-screen, Backgrounder's model"),
            test: "aLocationLaunchConnectsTheSceneInTheBackground"
        ) { _ in
            "An app that uses scenes launched in the background for a location event gets its scene connected there: "
                + "scene(_:willConnectTo:), then sceneDidEnterBackground, then the event; coming on screen later it hears "
                + "sceneWillEnterForeground without connecting again."
        },
        Rule(
            "scene-disconnect", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, UISceneDelegate sceneDidDisconnect(_:): “UIKit disconnects a scene when the user explicitly closes it in the app switcher. UIKit may also disconnect a scene in order to reclaim memory for other processes. UIKit does not automatically disconnect a scene when the user switches to another app”"),
            test: "memoryPressureDisconnectsABackgroundSceneThatConnectsAgainOnScreen"
        ) { _ in
            "Going to the background leaves the scene connected. Under memory pressure (`device memory-pressure`) "
                + "the scene of an app running in the background is disconnected (sceneDidDisconnect, "
                + ".didDisconnect; the app itself is spared) and connects again when the app comes back on screen; a "
                + "suspended app is ended by jetsam instead."
        },
        Rule(
            "scene-disconnect-on-swipe", eras: 13...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple says a scene closed in the app switcher is disconnected, and that applicationWillTerminate(_:) reaches a running app, not in which order; here sceneDidDisconnect comes after the app leaves the screen and before willTerminate, and a suspended app swiped away hears neither"),
            test: "swipingAwayASceneAppDisconnectsItsSceneBeforeWillTerminate"
        ) { _ in
            "Swiping away a running app that uses scenes: sceneWillResignActive and sceneDidEnterBackground (if on "
                + "screen), sceneDidDisconnect, then the app delegate's willTerminate."
        },
    ]
}
