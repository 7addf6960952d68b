import BackgroundSystem
import BackgroundWire

extension Rule {
    /// Newsstand Kit's eras and background rules (`TransferService+Rules.swift`,
    /// `TransferService+Delivery.swift`).
    public static let newsstand: [Rule] = [
        Rule(
            "newsstand-kit-eras",
            origin: .iOS(source: "Apple, NKAssetDownload Class Reference (“Available in iOS 5.0 and later”); NKAssetDownload.h in the iOS 13 SDK: NS_CLASS_DEPRECATED_IOS(5.0, 13.0, “Use the Remote Notifications Background Modes instead”); iOS & iPadOS 17 Release Notes, Newsstand, as dotnet/macios #18964 cites them: NewsstandKit removed from iOS 17, and apps that link it crash at launch; the Newsstand app replaced in iOS 9 (Richie, “iOS 9: What every publisher should know”, 2015: “Newsstand is gone”)"),
            test: "newsstandKitExistsFromIOS5ThroughIOS16"
        ) { profile in
            switch profile.iOSVersion {
            case ..<5:
                "Newsstand Kit does not exist yet: it comes with iOS 5, and the Newsstand app with it."
            case 5...8:
                "Newsstand Kit downloads a Newsstand app’s issues in the system; the app’s icon sits on the "
                    + "Newsstand shelf, not on the home screen."
            case 9...12:
                "Newsstand Kit downloads issues as before, but the Newsstand app is gone (iOS 9): a Newsstand app "
                    + "has an ordinary icon."
            case 13...16:
                "Newsstand Kit still works but is deprecated (iOS 13 SDK: use background pushes), and the "
                    + "Newsstand app is gone (iOS 9)."
            default:
                "Newsstand Kit is gone (removed in iOS 17: an app linked against it crashes at launch). Backgrounder "
                    + "keeps the tab, but its downloads stop while the app is suspended (newsstand-unavailable)."
            }
        },
        Rule(
            "newsstand-needs-a-newsstand-app", eras: 5...16,
            origin: .iOS(source: "the 2013 tutorial: “You can’t use this mode without declaring that your app is a Newsstand app … the code will just not work!”; Apple, Newsstand Kit Framework Reference (newsstand-content in UIBackgroundModes) and iTunes Connect Developer Guide, “Newsstand” (UINewsstandApp=true). How it fails is not documented, nor whether iOS 9–16 still asked for UINewsstandApp: Backgrounder stops the download while the app is suspended, in every era"),
            test: "withoutTheRulesDownloadsStopWhenTheAppIsSuspended"
        ) { _ in
            "Downloads go on in the background only for a Newsstand app: UINewsstandApp true and newsstand-content "
                + "in UIBackgroundModes. Without them they stop while the app is suspended, with a diagnostic, and "
                + "resume when it runs."
        },
        Rule(
            "newsstand-suspends-and-wakes", eras: 5...16,
            origin: .iOS(source: "Apple, Newsstand Kit Framework Reference: a newsstand-content app “is capable of running in the background to start downloads or process delegate events related to issue assets”; NKAssetDownload Class Reference: the downloading continues in the background, and the app is brought back when the asset is downloaded; “About the background execution sequence”"),
            test: "theAppIsSuspendedDuringTheDownloadAndWokenAtItsEnd"
        ) { _ in
            "A download does not keep the app running: the app is suspended as usual while the system downloads, "
                + "woken into the background when the download finishes or fails (connectionDidFinishDownloading), "
                + "and suspended again once it handled it."
        },
        Rule(
            "newsstand-launches-for-the-end", eras: 5...16,
            origin: .iOS(source: "Apple, NKAssetDownload Class Reference: “If a Newsstand application terminates while asset downloading is underway, the downloading continues in the background”; UIApplication.LaunchOptionsKey.newsstandDownloads: “the app was launched to process newly downloaded Newsstand assets”"),
            test: "aDownloadThatEndsAfterTheAppWasTerminatedLaunchesItForNewsstand"
        ) { _ in
            "A download goes on after the app is terminated; when it ends the app is launched into the background "
                + "(launch reason newsstand) and handed it once it calls download(delegate:) on downloadingAssets."
        },
        Rule(
            "newsstand-no-progress-while-suspended", eras: 5...16,
            origin: .model(reason: "a suspended app runs no code (Apple, “About the background execution sequence”), but no source says whether Newsstand Kit queued the progress callbacks it missed; Backgrounder drops them, and the next call counts every byte since the last"),
            test: "aSuspendedAppGetsNoProgressAndTheNextCallCountsEveryByte"
        ) { _ in
            "A suspended app gets no progress callbacks; the first one once it runs again counts every byte "
                + "written since the last."
        },
        Rule(
            "newsstand-force-quit", eras: 5...16,
            origin: .model(reason: "Newsstand’s documents only say that a terminated app is launched when its download ends (NKAssetDownload Class Reference); Backgrounder applies what Apple says of background work after a force quit (Apple Developer Forums thread 719222, DTS: swiping an app away is “a strong signal” that the user does not want it running in the background; WWDC 2020 “Background execution demystified”: the app switcher), as publishers saw for Newsstand pushes (Mag+ support, “Automatic Downloading of App Content”: an app the user terminated gets no download notifications), and keeps the download going, as NKAssetDownload does for a terminated app"),
            test: "anAppTheUserSwipedAwayIsNotLaunchedForItsDownload"
        ) { _ in
            "An app the user swiped away in the app switcher is not launched when its download ends: the download "
                + "finishes and is handed over when the user opens the app."
        },
        Rule(
            "newsstand-under-the-debugger", eras: 5...16,
            origin: .iOS(source: "the 2013 tutorial, run from Xcode: “hit the home button right after tapping return and you should see updates in your console” (App is backgrounded. Progress = …); Apple Developer Forums, “BGProcessingTask” (DTS): with a debugger attached the app is not suspended and watchdogs are disabled"),
            test: "withTheDebuggerAttachedTheTutorialsProgressLinesCome"
        ) { _ in
            "With --debugger-attached, as the tutorial ran from Xcode, the app is not suspended during the download "
                + "and logs “App is backgrounded. Progress = …” once a second; a device logs only “App is "
                + "backgrounded. Download finished”."
        },
    ]
}
