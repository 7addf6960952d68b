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
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
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
            name: "Whatever",
            dependencies: [
                "BackgroundRuntime",
                .product(name: "BigInt", package: "BigInt"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "TheBackgrounder",
            dependencies: [
                "BackgroundRuntime",
                "Whatever",
            ],
            resources: [.copy("Resources/TheBackgrounder")]
        ),
        .executableTarget(
            name: "backgrounder",
            dependencies: [
                "TheBackgrounder",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "BackgroundRuntimeTests", dependencies: ["BackgroundRuntime"]),
        .testTarget(name: "TheBackgrounderTests", dependencies: ["TheBackgrounder"]),
        .testTarget(name: "WhateverTests", dependencies: ["Whatever", .product(name: "BigInt", package: "BigInt")]),
        .testTarget(name: "backgrounderTests", dependencies: ["backgrounder"]),
    ]
)
