// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Backgrounder",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "backgrounder", targets: ["backgrounder"]),
        .library(name: "BackgroundRuntime", targets: ["BackgroundRuntime"]),
        .library(name: "BackgroundWire", targets: ["BackgroundWire"]),
        .library(name: "BackgroundRuntimeTesting", targets: ["BackgroundRuntimeTesting"]),
        .library(name: "BackgroundCommands", targets: ["BackgroundCommands"]),
        .library(name: "BackgrounderHost", targets: ["BackgrounderHost"]),
        .library(name: "DBus", targets: ["DBus"]),
        .library(name: "DesktopNotifications", targets: ["DesktopNotifications"]),
        .library(name: "MPRIS", targets: ["MPRIS"]),
        .library(name: "TheBackgrounder", targets: ["TheBackgrounder"]),
        .library(name: "Whatever", targets: ["Whatever"]),
        .library(name: "Location", targets: ["Location"]),
        .library(name: "LocationSystem", targets: ["LocationSystem"]),
        .library(name: "Audio", targets: ["Audio"]),
        .library(name: "AudioSystem", targets: ["AudioSystem"]),
        .library(name: "BackgrounderWeb", targets: ["BackgrounderWeb"]),
        .library(name: "Newsstand", targets: ["Newsstand"]),
        .library(name: "NewsstandSystem", targets: ["NewsstandSystem"]),
        .library(name: "VoIP", targets: ["VoIP"]),
        .library(name: "VoIPSystem", targets: ["VoIPSystem"]),
        .library(name: "DemoPeers", targets: ["DemoPeers"]),
        .library(name: "Push", targets: ["Push"]),
        .library(name: "BackgrounderPush", targets: ["BackgrounderPush"]),
        .library(name: "BackgrounderFoundation", targets: ["BackgrounderFoundation"]),
        .library(name: "UIKit", targets: ["UIKit", "_Testing_UIKit"]),
        .library(name: "BackgroundTasks", targets: ["BackgroundTasks"]),
        .library(name: "CoreLocation", targets: ["CoreLocation"]),
        .library(name: "UserNotifications", targets: ["UserNotifications"]),
        .library(name: "PushKit", targets: ["PushKit"]),
        .library(name: "CallKit", targets: ["CallKit"]),
        .library(name: "MetricKit", targets: ["MetricKit"]),
        .library(name: "AVFoundation", targets: ["AVFoundation"]),
        .library(name: "MediaPlayer", targets: ["MediaPlayer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // The binary wire format of the values that cross between the system's process and the
        // app's: Codable in, compact bytes out, nothing but the standard library and Foundation.
        .target(name: "BackgroundWire"),
        // Linux underneath both halves: processes, cgroups and the freezer, /proc, file locks, the
        // stores, the console's writer, the clocks and the socket that carries frames.
        .target(
            name: "BackgroundPlatform",
            dependencies: [
                "BackgroundWire", "CProcessControl",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        // The app's side: Application, its runtime and main executor, the app's end of each link.
        // It imports the wire and the platform, never BackgroundSystem.
        .target(
            name: "BackgroundApp",
            dependencies: [
                "BackgroundPlatform", "BackgroundWire", "CProcessControl",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        // The system's side: the state machine, Device, its effects, the system's end of each link.
        // It imports the wire and the platform, never BackgroundApp.
        .target(
            name: "BackgroundSystem",
            dependencies: [
                "BackgroundPlatform", "BackgroundWire", "CProcessControl",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        // The halves joined where they run in one process (the thread link, TestDevice), and all
        // four re-exported: `import BackgroundRuntime` is the whole runtime.
        .target(
            name: "BackgroundRuntime",
            dependencies: [
                "BackgroundApp", "BackgroundPlatform", "BackgroundSystem", "BackgroundWire",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .target(name: "DBus", dependencies: ["CDBus"]),
        .target(name: "DesktopNotifications", dependencies: ["BackgroundRuntime", "DBus"]),
        .target(name: "MPRIS", dependencies: ["BackgroundRuntime", "DBus"]),
        .target(name: "CFormat"),
        .target(name: "CProcessControl"),
        .target(name: "BackgroundRuntimeTesting", dependencies: ["BackgroundRuntime"]),
        .target(name: "BackgroundCommands", dependencies: ["BackgroundRuntime"]),
        // Foundation as an app's code on a device sees it: Foundation and FoundationNetworking,
        // with the app's own Timer, NotificationCenter, print and background URLSession in their
        // place. Each Apple-spelled module re-exports it, as Apple's re-export Foundation.
        .target(
            name: "BackgrounderFoundation",
            dependencies: ["BackgroundRuntime", .product(name: "Logging", package: "swift-log")]
        ),
        // UIKit's names for the background APIs, over the runtime: an iOS app's file that
        // imports UIKit builds here as written (Examples/AsWritten).
        .target(
            name: "UIKit",
            dependencies: [
                "BackgrounderFoundation", "BackgroundRuntime", "CUIApplicationMain",
            ]
        ),
        // The C module named UIKit that @UIApplicationMain's synthesized main() looks up
        // UIApplicationMain in (the compiler asks the Clang importer for it); UIKit's
        // UIApplicationMain.swift defines the symbols it declares.
        .target(name: "CUIApplicationMain"),
        // Swift Testing's cross-import overlay for UIKit, which a test importing both looks for.
        .target(name: "_Testing_UIKit"),
        // The BackgroundTasks framework's names over the runtime (BGTaskScheduler.shared…).
        .target(name: "BackgroundTasks", dependencies: ["BackgroundRuntime", "BackgrounderFoundation"]),
        // Core Location's names over the Location module (CLLocationManager(), its delegate…).
        .target(name: "CoreLocation", dependencies: ["BackgroundRuntime", "BackgrounderFoundation", "Location"]),
        // UserNotifications', PushKit's, CallKit's and MetricKit's names over the runtime
        // (UNUserNotificationCenter.current(), PKPushRegistry, CXProvider, MXMetricManager.shared…).
        .target(name: "UserNotifications", dependencies: ["BackgroundRuntime", "BackgrounderFoundation"]),
        .target(name: "PushKit", dependencies: ["BackgroundRuntime", "BackgrounderFoundation"]),
        .target(name: "CallKit", dependencies: ["BackgroundRuntime", "BackgrounderFoundation"]),
        .target(name: "MetricKit", dependencies: ["BackgroundRuntime", "BackgrounderFoundation"]),
        // AVFoundation's names over the Audio module (AVAudioSession.sharedInstance(),
        // AVQueuePlayer, CMTime…), and MediaPlayer's over the runtime's Now Playing
        // (MPNowPlayingInfoCenter.default(), MPRemoteCommandCenter.shared()).
        .target(
            name: "AVFoundation",
            dependencies: [
                "Audio", "BackgrounderFoundation", "BackgroundRuntime", "GStreamerMedia",
            ]
        ),
        .target(name: "MediaPlayer", dependencies: ["BackgroundRuntime", "BackgrounderFoundation"]),
        .systemLibrary(
            name: "CGStreamer",
            pkgConfig: "gstreamer-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "gstreamer1.0-plugins-base", "gstreamer1.0-plugins-good"])]
        ),
        // Audio in three: the values the app and the audio service exchange (AudioWire), the app's
        // side (Audio: the player, its items, the session as the app sees it, the Audio screen) and
        // the system's (AudioSystem: the service, the queue player on GStreamer, the session's
        // rules). The app's side builds without GStreamer.
        .target(name: "AudioWire", dependencies: ["BackgroundWire"]),
        .target(
            name: "Audio",
            dependencies: ["AudioWire", "BackgroundApp", "BackgroundWire"],
            resources: [.copy("Resources/Tracks")]
        ),
        .target(
            name: "AudioSystem",
            dependencies: [
                "AudioWire", "BackgroundPlatform", "BackgroundSystem", "BackgroundWire", "CGStreamer", "CProcessControl",
                "GStreamerMedia",
            ]
        ),
        // GStreamer started once per process, and a media file's tags read with it: what the
        // system's player and the app's AVURLAsset (which reads them in the app's process) share.
        .target(name: "GStreamerMedia", dependencies: ["BackgroundWire", "CGStreamer"]),
        .target(
            name: "Fetch",
            dependencies: [
                "BackgroundRuntime",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(
            name: "Whatever",
            dependencies: [
                "BackgroundRuntime",
                .product(name: "BigInt", package: "BigInt"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Location in three, as Audio: the values the app and the location service exchange
        // (LocationWire), the app's side (Location: the managers, the monitor, the live updates,
        // the track store on GRDB, the Location screen) and the system's (LocationSystem: the
        // service, gpsd and the route replay on SwiftNIO, regions, visits, the permission prompts).
        .target(name: "LocationWire", dependencies: ["BackgroundWire", "CFormat"]),
        .target(
            name: "Location",
            dependencies: [
                "BackgroundApp", "BackgroundWire", "LocationWire",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "LocationSystem",
            dependencies: [
                "BackgroundPlatform", "BackgroundSystem", "BackgroundWire", "LocationWire",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            resources: [.copy("Resources/Routes")]
        ),
        // VoIP in three, as Audio, Location and Newsstand: the values the app's socket and the
        // VoIP service exchange (VoIPWire), the app's side (VoIP: the socket the app owns and
        // reads itself, the VoIP screen) and the system's (VoIPSystem: the service's connections
        // on SwiftNIO, the watch on the app's socket while it is suspended, reconnects, the
        // keep-alive). The app's side builds without SwiftNIO.
        .target(name: "VoIPWire", dependencies: ["BackgroundPlatform", "BackgroundWire"]),
        .target(name: "VoIP", dependencies: ["BackgroundApp", "BackgroundPlatform", "BackgroundWire", "VoIPWire"]),
        .target(
            name: "VoIPSystem",
            dependencies: [
                "BackgroundPlatform", "BackgroundSystem", "BackgroundWire", "CProcessControl", "VoIPWire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Newsstand in three, as Audio and Location: the values the app's library and the
        // transfer service exchange (NewsstandWire), the app's side (Newsstand: the library, its
        // issues and downloads, the Newsstand screen) and the system's (NewsstandSystem: the
        // transfer service and background URL sessions on AsyncHTTPClient, the library's store on
        // GRDB, the rules). The app's side builds without SwiftNIO or GRDB.
        .target(name: "NewsstandWire", dependencies: ["BackgroundWire"]),
        .target(name: "Newsstand", dependencies: ["BackgroundApp", "BackgroundWire", "NewsstandWire"]),
        .target(
            name: "NewsstandSystem",
            dependencies: [
                "BackgroundPlatform", "BackgroundSystem", "BackgroundWire", "NewsstandWire",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "Push",
            dependencies: [
                "BackgroundRuntime",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
            ]
        ),
        .target(
            name: "DemoPeers",
            dependencies: [
                "BackgroundRuntime",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "TheBackgrounder",
            dependencies: [
                "Audio", "AudioSystem", "BackgroundCommands", "BackgrounderHost", "BackgroundRuntime", "DemoPeers", "Fetch", "Location",
                "LocationSystem", "Newsstand", "NewsstandSystem", "NewsstandWire", "VoIP", "VoIPSystem", "VoIPWire",
                "Whatever",
            ],
            resources: [.copy("Resources/TheBackgrounder")]
        ),
        .target(
            name: "BackgrounderWeb",
            dependencies: [
                "BackgroundCommands", "BackgroundRuntime",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Resources/Web")]
        ),
        .target(
            name: "BackgrounderHost",
            dependencies: [
                "Audio", "AudioSystem", "BackgroundCommands", "BackgrounderWeb", "BackgroundRuntime", "BackgroundWire", "DBus",
                "DesktopNotifications", "Location", "LocationSystem", "MPRIS", "Newsstand", "NewsstandSystem", "VoIP",
                "VoIPSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The push gateway for AppHost.main(pushGateway: .apns): a product of its own, so that
        // apps that do not take pushes do not build swift-crypto and swift-certificates.
        .target(name: "BackgrounderPush", dependencies: ["BackgroundRuntime", "BackgrounderHost", "Push"]),
        // `backgrounder port`: rewrites what Swift on Linux cannot build in an iOS app's files
        // (@IBOutlet, @objc, KVO, #selector observers, #if os(iOS)), with swift-syntax.
        .target(
            name: "BackgrounderPort",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "backgrounder",
            dependencies: [
                "Audio", "AudioSystem", "BackgroundCommands", "BackgrounderHost", "BackgrounderPort",
                "BackgrounderPush", "BackgrounderWeb", "BackgroundRuntime", "BackgroundWire", "DemoPeers", "Location", "LocationSystem",
                "Newsstand", "Push", "TheBackgrounder", "VoIP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "BackgroundRuntime", "BackgroundRuntimeTesting", "DemoPeers", "DesktopNotifications", "TheBackgrounder",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "BackgroundRuntimeTestingTests", dependencies: ["BackgroundRuntimeTesting"]),
        .testTarget(name: "BackgrounderPortTests", dependencies: ["BackgrounderPort"], exclude: ["Fixtures"]),
        .testTarget(
            name: "BackgroundWireTests",
            dependencies: ["BackgroundWire"]
        ),
        .testTarget(
            name: "UIKitTests",
            dependencies: [
                "_Testing_UIKit", "BackgroundRuntime", "BackgroundRuntimeTesting", "UIKit",
            ]
        ),
        .testTarget(
            name: "BackgroundTasksTests",
            dependencies: ["BackgroundTasks", "UIKit", "_Testing_UIKit", "BackgroundRuntimeTesting"]
        ),
        .testTarget(
            name: "CoreLocationTests",
            dependencies: [
                "BackgroundRuntime", "BackgroundRuntimeTesting", "CoreLocation", "Location", "LocationSystem",
            ]
        ),
        .testTarget(
            name: "AppleFrameworksTests",
            dependencies: [
                "BackgroundRuntime", "BackgroundRuntimeTesting", "CallKit", "MetricKit", "PushKit", "UserNotifications",
            ]
        ),
        // A plain (nonisolated) class of the Swift 6 language mode drives CoreLocation, PushKit,
        // CallKit, AVFoundation and a background URLSession, none of which is main-actor isolated
        // on iOS.
        .testTarget(
            name: "NonisolatedFrameworksTests",
            dependencies: [
                "Audio", "AudioSystem", "AVFoundation", "BackgroundRuntime", "BackgroundRuntimeTesting", "CallKit",
                "CoreLocation", "DemoPeers", "Location", "LocationSystem", "Newsstand", "NewsstandSystem", "PushKit",
                "TestSupport", "UIKit",
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "AVFoundationTests",
            dependencies: [
                "Audio", "AudioSystem", "AVFoundation", "BackgroundRuntime", "BackgroundRuntimeTesting", "MediaPlayer",
            ]
        ),
        .testTarget(
            name: "BackgroundRuntimeTests",
            dependencies: [
                "BackgroundApp", "BackgroundPlatform", "BackgroundRuntime", "BackgroundRuntimeTesting",
                "BackgroundSystem", "BackgroundWire", "DBus", "DesktopNotifications", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TheBackgrounderTests",
            dependencies: [
                "Audio", "BackgroundApp", "BackgroundCommands", "BackgroundPlatform", "BackgroundRuntime",
                "BackgroundSystem", "BackgroundWire", "DemoPeers", "Location", "TestSupport", "TheBackgrounder", "VoIP",
            ]
        ),
        .testTarget(
            name: "WhateverTests",
            dependencies: ["Whatever", "BackgroundRuntime", "TestSupport", .product(name: "BigInt", package: "BigInt")]
        ),
        .testTarget(
            name: "AudioTests",
            dependencies: [
                "Audio", "AudioSystem", "AudioWire", "BackgroundApp", "BackgroundPlatform", "BackgroundRuntime",
                "BackgroundRuntimeTesting", "BackgroundSystem", "BackgroundWire", "TestSupport",
            ]
        ),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "TestSupport"]),
        .testTarget(
            name: "MPRISTests",
            dependencies: [
                "BackgroundRuntime", "BackgroundRuntimeTesting", "DBus", "MPRIS", "TestSupport",
            ]
        ),
        .testTarget(
            name: "backgrounderTests",
            dependencies: [
                "ApplicationMainApp", "AudioSystem", "AudioWire", "backgrounder", "BackgrounderHost", "DemoPeers", "ForgetfulApp",
                "MainAttributeApp", "PlayerApp", "SpinnerApp", "TestSupport", "TrackerApp",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .testTarget(
            name: "VoIPTests",
            dependencies: [
                "BackgroundApp", "BackgroundPlatform", "BackgroundRuntime", "BackgroundRuntimeTesting",
                "BackgroundSystem", "BackgroundWire", "DemoPeers", "TestSupport", "VoIP", "VoIPSystem", "VoIPWire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        .executableTarget(name: "ForgetfulApp", dependencies: ["BackgroundRuntime", "BackgrounderHost"], path: "Tests/ForgetfulApp"),
        .executableTarget(name: "PlayerApp", dependencies: ["Audio", "BackgroundRuntime", "BackgrounderHost"], path: "Tests/PlayerApp"),
        .executableTarget(
            name: "SpinnerApp",
            dependencies: [
                "BackgroundRuntime", "BackgrounderHost", "BackgrounderPush", "Newsstand", "NewsstandWire", "VoIP", "VoIPWire",
            ],
            path: "Tests/SpinnerApp"
        ),
        .executableTarget(name: "TrackerApp", dependencies: ["BackgroundRuntime", "BackgrounderHost", "Location"], path: "Tests/TrackerApp"),
        .executableTarget(name: "TrackStoreWriter", dependencies: ["Location"], path: "Tests/TrackStoreWriter"),
        .executableTarget(
            name: "MainAttributeApp", dependencies: ["UIKit"], path: "Tests/MainAttributeApp", resources: [.copy("Resources")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // An app delegate marked @UIApplicationMain, which the compiler runs through UIKit's
        // UIApplicationMain (Swift 5 mode: the attribute is an error in Swift 6, as in Xcode).
        .executableTarget(
            name: "ApplicationMainApp", dependencies: ["UIKit"], path: "Tests/ApplicationMainApp", resources: [.copy("Resources")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // A UIKit app whose view controller's label and progress bar the web UI's phone shows,
        // for the browser tests (Tests/browser/run.py).
        .executableTarget(
            name: "ViewsApp",
            dependencies: [
                "UIKit",
            ], path: "Tests/ViewsApp", resources: [.copy("Resources"),
            ]
        ),
        .testTarget(
            name: "LocationTests",
            dependencies: [
                "BackgroundPlatform", "BackgroundRuntime", "BackgroundRuntimeTesting", "BackgroundWire", "Location",
                "LocationSystem", "LocationWire", "TestSupport", "TheBackgrounder", "TrackStoreWriter",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "BackgrounderWebTests",
            dependencies: [
                "BackgroundApp", "BackgroundCommands", "BackgrounderHost", "BackgrounderWeb", "BackgroundPlatform",
                "BackgroundRuntime", "BackgroundRuntimeTesting", "BackgroundSystem", "BackgroundWire", "DemoPeers", "ForgetfulApp",
                "Newsstand", "TestSupport", "TheBackgrounder",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "NewsstandTests",
            dependencies: [
                "BackgrounderFoundation", "BackgroundRuntime", "BackgroundRuntimeTesting", "BackgroundWire",
                "DemoPeers", "Newsstand", "NewsstandSystem", "NewsstandWire", "TestSupport", "TheBackgrounder",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "DemoPeersTests",
            dependencies: [
                "BackgroundRuntime", "DemoPeers", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "FuzzTests",
            dependencies: [
                "BackgroundApp", "BackgroundCommands", "BackgrounderWeb", "BackgroundPlatform", "BackgroundRuntime",
                "BackgroundSystem", "BackgroundWire", "Location", "LocationSystem", "LocationWire", "Newsstand",
                "NewsstandSystem", "NewsstandWire", "TestSupport", "TheBackgrounder",
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "PushTests",
            dependencies: [
                "BackgroundRuntime", "Push", "TestSupport", "TheBackgrounder",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Clients"]
        ),
        .testTarget(
            name: "FetchTests",
            dependencies: [
                "BackgroundCommands", "BackgroundRuntime", "Fetch", "TestSupport", "TheBackgrounder",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ]
)

// Sources/ is nested by layer, so that the folders show the boundaries:
// - Core: the runtime's two halves (BackgroundApp, BackgroundSystem), the values that cross
//   between them (BackgroundWire), Linux underneath (BackgroundPlatform), and the module that
//   joins them in one process (BackgroundRuntime, BackgroundRuntimeTesting);
// - Features: each tab's app side, system side and wire, and the services beside them;
// - Apple: the Apple-named frameworks that iOS code imports;
// - Hosts: what runs — the host, TheBackgrounder, the web UI, the commands, the push gateway,
//   the demo peers, the `backgrounder` executable;
// - C: the C libraries' module maps and shims.
let layers: [String: [String]] = [
    "Core": [
        "BackgroundWire", "BackgroundPlatform", "BackgroundApp", "BackgroundSystem", "BackgroundRuntime",
        "BackgroundRuntimeTesting",
    ],
    "Features": [
        "Audio", "AudioSystem", "AudioWire", "GStreamerMedia", "Location", "LocationSystem", "LocationWire",
        "Newsstand", "NewsstandSystem", "NewsstandWire", "VoIP", "VoIPSystem", "VoIPWire", "Fetch",
        "Whatever", "Push", "DesktopNotifications", "MPRIS", "DBus",
    ],
    "Apple": [
        "UIKit", "_Testing_UIKit", "BackgroundTasks", "CoreLocation", "UserNotifications", "PushKit",
        "CallKit", "MetricKit", "AVFoundation", "MediaPlayer", "BackgrounderFoundation",
    ],
    "Hosts": [
        "BackgrounderHost", "BackgroundCommands", "TheBackgrounder", "BackgrounderWeb", "BackgrounderPush",
        "BackgrounderPort", "DemoPeers", "backgrounder",
    ],
    "C": ["CDBus", "CFormat", "CGStreamer", "CProcessControl", "CUIApplicationMain"],
]
for target in package.targets where target.path == nil {
    if let layer = layers.first(where: { $0.value.contains(target.name) })?.key {
        target.path = "Sources/\(layer)/\(target.name)"
    }
}
