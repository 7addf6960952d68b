import ArgumentParser
import Foundation

/// `backgrounder new NAME`: a ready package for a user's own app on Backgrounder.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new package for your own app on Backgrounder: its delegate in Apple's spellings, marked @main, Info.plist, and a test on the manual clock.",
        discussion: """
            The package goes into DIR/NAME and depends on Backgrounder by path (the checkout this \
            backgrounder was built from, unless --backgrounder-path says otherwise). Its one \
            executable target, Sources/NAME, is the app: its delegate is marked @main, as Xcode's \
            template marks it; put your own @main delegate there in its place. Then \
            `cd NAME && swift build && swift test`, then `swift run NAME` runs the app with its \
            web UI on http://127.0.0.1:8080 (`swift run NAME run --headless` reads commands from \
            standard input instead). The app's binary links Backgrounder's app side only and hands \
            its command line to Backgrounder's host, the backgrounder binary (beside it, in the \
            checkout's .build, on the PATH or in $BACKGROUNDER_HOST), which runs the system's side \
            and starts the app in its own process. For code written before Swift 6, uncomment \
            `swiftSettings: [.swiftLanguageMode(.v5)]` in Package.swift.
            """
    )

    @Argument(help: "The app's and the package's name, a Swift identifier such as Sync.")
    var name: String

    @Option(help: "The directory to create the package in.")
    var output = "."

    @Option(help: "The Backgrounder checkout to depend on.")
    var backgrounderPath: String?

    @Flag(
        help: """
            Kept for the scripts that pass it: every app on Backgrounder's host has the push gateway (`run --push-port`), \
            through which the app's own server pushes to it as through APNs, so the package is the same.
            """)
    var pushGateway = false

    @Flag(help: "Write the app delegate in Backgrounder's own API (Application, ApplicationDelegate, @AppMain) instead of Apple's spellings (UIKit, BackgroundTasks).")
    var backgrounderAPI = false

    /// The checkout this binary was built from: four levels above this file
    /// (Sources/Hosts/backgrounder/NewCommand.swift).
    static let builtFrom = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func validate() throws {
        guard let first = name.unicodeScalars.first, CharacterSet.letters.contains(first),
            name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "_" }), name.allSatisfy(\.isASCII)
        else {
            throw ValidationError("\"\(name)\" is not a Swift identifier: use ASCII letters, digits and _, starting with a letter")
        }
    }

    func run() throws {
        let checkout = backgrounderPath.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? Self.builtFrom
        guard FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Sources/Core/BackgroundRuntime").path) else {
            throw ValidationError(
                "\(checkout.path) is not a Backgrounder checkout (it has no Sources/Core/BackgroundRuntime); give one with --backgrounder-path")
        }
        let directory = URL(fileURLWithPath: output).standardizedFileURL.appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: directory.path) else {
            throw ValidationError("\(directory.path) exists already; choose another NAME or --output")
        }
        for file in PackageTemplate(name: name, backgrounderPath: checkout, backgrounderAPI: backgrounderAPI).files {
            let url = directory.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url, options: .withoutOverwriting)
        }
        print("Wrote \(directory.path), depending on Backgrounder at \(checkout.path). Next: cd \(directory.path) && swift test, then swift run \(name) for the web UI")
        print(
            "The app builds Backgrounder's app side only; it runs on Backgrounder's host, the backgrounder binary beside it, in "
                + "\(checkout.path)/.build or on the PATH.")
        print("The app is Sources/\(name): its delegate, \(name)App, is marked @main. Your own @main delegate replaces it there; for code written before Swift 6, uncomment swiftSettings: [.swiftLanguageMode(.v5)] in Package.swift.")
    }
}
