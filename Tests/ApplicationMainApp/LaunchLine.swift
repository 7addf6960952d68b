import Foundation

/// What the delegate prints at launch. (A second file: SwiftPM compiles an executable target
/// of one file that is not marked `@main` as top-level code, where `@UIApplicationMain` is an
/// error; Xcode's app targets always have several.)
enum LaunchLine {
    static var text: String { "Launched by @UIApplicationMain, in \(Bundle.main.executableURL?.lastPathComponent ?? "?")" }
}
