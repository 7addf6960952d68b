// swift-tools-version: 6.2
import PackageDescription

// iOS code as it was written, built on Backgrounder: the 2016 tutorial's Whatever tab and
// background fetch, in Sources/BackgroundModesTutorial, unchanged but where Swift on Linux cannot follow
// (Snippets/ holds what the tutorial printed; the tests check the sources still contain it), and
// the register, schedule and handle pattern adapted from Apple's "Using background tasks to
// update your app", in Sources/ColorFeed; a background URLSession download as Apple's "Downloading
// files in the background" writes it, in Sources/BackgroundDownloads; and location updates in the
// background with region monitoring as Apple's documentation writes them, in Sources/RegionTracker;
// and VoIP pushes reported to CallKit adapted from Apple's "Responding to VoIP Notifications from
// PushKit", in Sources/VoIPCalls (the two adapted ones say in their AppDelegate.swift which lines
// differ from Apple's and why); and background code as iOS developers write it, one idiom a file,
// in Sources/BackgroundIdioms, built in the Swift 5 and the Swift 6 language modes.
// `cd Examples/AsWritten && swift test`.
let package = Package(
    name: "AsWritten",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Backgrounder", path: "../.."),
    ],
    targets: [
        // The tutorial's code is Swift 3 of 2016: it builds in the Swift 5 language mode, as it
        // does in Xcode today, with the warnings Xcode gives it.
        .target(
            name: "BackgroundModesTutorial",
            dependencies: [.product(name: "UIKit", package: "Backgrounder")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Adapted from Apple's "Using background tasks to update your app" and its sample
        // (ColorFeed), Swift 5 code of 2019.
        .target(
            name: "ColorFeed",
            dependencies: [
                .product(name: "UIKit", package: "Backgrounder"),
                .product(name: "BackgroundTasks", package: "Backgrounder"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // A background URLSession download, written from Apple's "Downloading files in the
        // background".
        .target(
            name: "BackgroundDownloads",
            dependencies: [.product(name: "UIKit", package: "Backgrounder")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "BackgroundDownloadsTests",
            dependencies: [
                "BackgroundDownloads",
                .product(name: "BackgroundRuntimeTesting", package: "Backgrounder"),
                .product(name: "NewsstandSystem", package: "Backgrounder"),
            ]
        ),
        // Location code as Apple's documentation and tutorials write it: Swift 5.
        .target(
            name: "RegionTracker",
            dependencies: [
                .product(name: "UIKit", package: "Backgrounder"),
                .product(name: "CoreLocation", package: "Backgrounder"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // VoIP pushes reported to CallKit, adapted from Apple's "Responding to VoIP Notifications
        // from PushKit".
        .target(
            name: "VoIPCalls",
            dependencies: [
                .product(name: "UIKit", package: "Backgrounder"),
                .product(name: "PushKit", package: "Backgrounder"),
                .product(name: "CallKit", package: "Backgrounder"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Background code as iOS developers write it, one idiom a file: a background-task helper
        // ended with `DispatchQueue.main.async`, Apple's background-queue pattern, a plain class
        // given the application, BGTaskScheduler from a plain class, UNUserNotificationCenter
        // from a background queue, a Timer in a file that imports Foundation beside UIKit.
        // Swift 5 code, as most of it is.
        .target(
            name: "BackgroundIdioms",
            dependencies: [
                .product(name: "UIKit", package: "Backgrounder"),
                .product(name: "BackgroundTasks", package: "Backgrounder"),
                .product(name: "UserNotifications", package: "Backgrounder"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The same files (Sources/BackgroundIdiomsSwift6 links to them) in the Swift 6 language
        // mode: they build with the errors Xcode gives, that is none, but for the two files Xcode
        // refuses too — Apple's background-queue pattern reads `UIApplication.shared`, which is
        // `@MainActor`, from a background queue, and the autosave timer changes its object's
        // state in Foundation's `@Sendable` block.
        .target(
            name: "BackgroundIdiomsSwift6",
            dependencies: [
                .product(name: "UIKit", package: "Backgrounder"),
                .product(name: "BackgroundTasks", package: "Backgrounder"),
                .product(name: "UserNotifications", package: "Backgrounder"),
            ],
            exclude: ["UploadQueue.swift", "AutosaveTimer.swift"]
        ),
        .testTarget(
            name: "BackgroundIdiomsTests",
            dependencies: [
                "BackgroundIdioms",
                .product(name: "UIKit", package: "Backgrounder"),
                .product(name: "BackgroundRuntimeTesting", package: "Backgrounder"),
            ]
        ),
        .testTarget(
            name: "VoIPCallsTests",
            dependencies: ["VoIPCalls", .product(name: "BackgroundRuntimeTesting", package: "Backgrounder")]
        ),
        .testTarget(
            name: "ColorFeedTests",
            dependencies: ["ColorFeed", .product(name: "BackgroundRuntimeTesting", package: "Backgrounder")]
        ),
        .testTarget(
            name: "BackgroundModesTutorialTests",
            dependencies: [
                "BackgroundModesTutorial",
                .product(name: "UIKit", package: "Backgrounder"),
                .product(name: "BackgroundRuntimeTesting", package: "Backgrounder"),
            ]
        ),
        .testTarget(
            name: "RegionTrackerTests",
            dependencies: [
                "RegionTracker",
                .product(name: "UIKit", package: "Backgrounder"),
                .product(name: "CoreLocation", package: "Backgrounder"),
                .product(name: "Location", package: "Backgrounder"),
                .product(name: "LocationSystem", package: "Backgrounder"),
                .product(name: "BackgroundRuntimeTesting", package: "Backgrounder"),
            ]
        ),
    ]
)
