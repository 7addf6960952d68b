// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Backgrounder",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "backgrounder", targets: ["backgrounder"]),
        .library(name: "BackgroundRuntime", targets: ["BackgroundRuntime"]),
        .library(name: "TheBackgrounder", targets: ["TheBackgrounder"]),
        .library(name: "Whatever", targets: ["Whatever"]),
        .library(name: "Location", targets: ["Location"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
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
        .target(
            name: "Location",
            dependencies: [
                "BackgroundRuntime",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
            ],
            resources: [.copy("Resources/Routes")]
        ),
        .target(
            name: "TheBackgrounder",
            dependencies: [
                "BackgroundRuntime",
                "Whatever",
                "Location",
                "Fetch",
            ],
            resources: [.copy("Resources/TheBackgrounder")]
        ),
        .executableTarget(
            name: "backgrounder",
            dependencies: [
                "TheBackgrounder",
                "Location",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "BackgroundRuntimeTests", dependencies: ["BackgroundRuntime"]),
        .testTarget(name: "TheBackgrounderTests", dependencies: ["TheBackgrounder"]),
        .testTarget(name: "WhateverTests", dependencies: ["Whatever", .product(name: "BigInt", package: "BigInt")]),
        .testTarget(name: "backgrounderTests", dependencies: ["backgrounder"]),
        .executableTarget(name: "TrackStoreWriter", dependencies: ["Location"], path: "Tests/TrackStoreWriter"),
        .testTarget(
            name: "LocationTests",
            dependencies: [
                "Location", "TheBackgrounder", "TrackStoreWriter",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FetchTests",
            dependencies: ["Fetch", "TheBackgrounder", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
    ]
)
