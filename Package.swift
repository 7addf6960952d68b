// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Backgrounder",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "backgrounder", targets: ["backgrounder"]),
        .library(name: "BackgroundRuntime", targets: ["BackgroundRuntime"]),
        .library(name: "TheBackgrounder", targets: ["TheBackgrounder"]),
        .library(name: "VoIP", targets: ["VoIP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "BackgroundRuntime",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        .target(
            name: "VoIP",
            dependencies: [
                "BackgroundRuntime",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "TheBackgrounder",
            dependencies: ["BackgroundRuntime", "VoIP"],
            resources: [.copy("Resources/TheBackgrounder")]
        ),
        .executableTarget(
            name: "backgrounder",
            dependencies: [
                "TheBackgrounder",
                "VoIP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "TestSupport", dependencies: ["BackgroundRuntime"], path: "Tests/TestSupport"),
        .testTarget(name: "BackgroundRuntimeTests", dependencies: ["BackgroundRuntime", "TestSupport"]),
        .testTarget(
            name: "VoIPTests",
            dependencies: ["VoIP", "TestSupport", .product(name: "NIOEmbedded", package: "swift-nio")]
        ),
        .testTarget(name: "TheBackgrounderTests", dependencies: ["TheBackgrounder", "VoIP", "TestSupport"]),
        .testTarget(name: "backgrounderTests", dependencies: ["backgrounder", "TestSupport"]),
    ]
)
