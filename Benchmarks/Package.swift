// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, which is the clone's name.
let backgrounder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "BackgrounderBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "RuntimeBenchmarks",
            dependencies: [
                .product(name: "BackgroundRuntime", package: backgrounder),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RuntimeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WhateverBenchmarks",
            dependencies: [
                .product(name: "Whatever", package: backgrounder),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WhateverBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LocationBenchmarks",
            dependencies: [
                .product(name: "Location", package: backgrounder),
                .product(name: "LocationSystem", package: backgrounder),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LocationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "audio-bench",
            dependencies: [
                "BenchSupport",
                .product(name: "Audio", package: backgrounder),
                .product(name: "AudioSystem", package: backgrounder),
                .product(name: "BackgroundRuntime", package: backgrounder),
            ],
            path: "Benchmarks/AudioBench"
        ),
        .target(name: "BenchSupport", path: "Benchmarks/BenchSupport"),
        .executableTarget(
            name: "call-bench",
            dependencies: [
                .product(name: "BackgroundRuntime", package: backgrounder),
                .product(name: "BackgrounderHost", package: backgrounder),
            ],
            path: "Benchmarks/CallBench"
        ),
        .executableTarget(
            name: "delivery-bench",
            dependencies: ["BenchSupport", .product(name: "BackgroundRuntime", package: backgrounder)],
            path: "Benchmarks/DeliveryBench"
        ),
        .executableTarget(
            name: "geofence-bench",
            dependencies: [
                "BenchSupport",
                .product(name: "Location", package: backgrounder),
                .product(name: "LocationSystem", package: backgrounder),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/GeofenceBench"
        ),
        .executableTarget(
            name: "newsstand-bench",
            dependencies: [
                "BenchSupport",
                .product(name: "Newsstand", package: backgrounder),
                .product(name: "NewsstandSystem", package: backgrounder),
                .product(name: "BackgroundRuntime", package: backgrounder),
            ],
            path: "Benchmarks/NewsstandBench"
        ),
        .executableTarget(
            name: "WebBenchmarks",
            dependencies: [
                .product(name: "BackgrounderWeb", package: backgrounder),
                .product(name: "TheBackgrounder", package: backgrounder),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WebBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "FetchBenchmarks",
            dependencies: [
                .product(name: "BackgroundRuntime", package: backgrounder),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FetchBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "NewsstandBenchmarks",
            dependencies: [
                .product(name: "Newsstand", package: backgrounder),
                .product(name: "DemoPeers", package: backgrounder),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/NewsstandBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WireCodecBenchmarks",
            dependencies: [
                .product(name: "BackgroundWire", package: backgrounder),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WireCodecBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "voip-bench",
            dependencies: [
                "BenchSupport",
                .product(name: "BackgroundRuntime", package: backgrounder),
                .product(name: "BackgroundRuntimeTesting", package: backgrounder),
                .product(name: "VoIP", package: backgrounder),
                .product(name: "VoIPSystem", package: backgrounder),
            ],
            path: "Benchmarks/VoIPBench"
        ),
    ]
)
