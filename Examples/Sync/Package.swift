// swift-tools-version: 6.2
import PackageDescription

// An example of a user's own app on Backgrounder, depending on this checkout by path:
// `cd Examples/Sync && swift test`; `swift run Sync` runs it with the web UI.
let package = Package(
    name: "Sync",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "Sync", targets: ["Sync"]),
    ],
    dependencies: [
        .package(name: "Backgrounder", path: "../.."),
    ],
    targets: [
        // The app, as `backgrounder new --backgrounder-api` lays it out: its delegate, marked
        // `@main`, is the executable's entry point; the tests `@testable import Sync`.
        .executableTarget(
            name: "Sync",
            dependencies: [
                .product(name: "BackgroundRuntime", package: "Backgrounder"), .product(name: "BackgrounderHost", package: "Backgrounder"),
            ]
        ),
        .testTarget(
            name: "SyncTests",
            dependencies: ["Sync", .product(name: "BackgroundRuntimeTesting", package: "Backgrounder")]
        ),
    ]
)
