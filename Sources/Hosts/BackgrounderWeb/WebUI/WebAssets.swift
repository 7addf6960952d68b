import Foundation

/// The page, its script, styles and images: resources of this module, served as they are.
enum WebAssets {
    /// The folder that holds `index.html`.
    static var directory: String {
        Bundle.module.path(forResource: "Web", ofType: nil) ?? "Web (missing from the BackgrounderWeb bundle)"
    }
}
