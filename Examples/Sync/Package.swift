// swift-tools-version: 6.2
import PackageDescription

// An example of a user's own app on Backgrounder, depending on this checkout by path:
// `cd Examples/Sync && swift test`; `swift run Sync` runs it with the web UI.
let package = Package(
    name: "Sync",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "Sync", targets: ["SyncMain"]),
    ],
    dependencies: [
        .package(name: "Backgrounder", path: "../.."),
    ],
    targets: [
        .target(name: "Sync", dependencies: [.product(name: "BackgroundRuntime", package: "Backgrounder")]),
        .executableTarget(
            name: "SyncMain",
            dependencies: ["Sync", .product(name: "BackgrounderHost", package: "Backgrounder")]
        ),
        .testTarget(
            name: "SyncTests",
            dependencies: ["Sync", .product(name: "BackgroundRuntimeTesting", package: "Backgrounder")]
        ),
    ]
)
