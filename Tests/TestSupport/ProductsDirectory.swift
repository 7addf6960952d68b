import Foundation

/// The build's products directory, where the test bundles and the binaries (`backgrounder`,
/// the test helpers) live side by side.
public var productsDirectory: URL {
    Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }
        .map { $0.bundleURL.deletingLastPathComponent() }
        ?? Bundle.main.bundleURL
}
