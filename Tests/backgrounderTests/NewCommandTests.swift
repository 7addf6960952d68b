import Foundation
import TestSupport
import Testing

/// `backgrounder new`: a package for the user's own app, depending on this checkout. (That the
/// package builds and passes its test with `swift test`, and that its `@main` delegate is the
/// app `swift run` runs, is checked by `scripts/check-template`, which `scripts/test` runs.)
@Suite("backgrounder new", .temporaryDirectory)
struct NewCommandTests {
    /// This checkout: two levels above this file's directory.
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func writesAPackageThatDependsOnThisCheckout() async throws {
        let output = temporaryDataDirectory()
        let run = try await runBackgrounder(["new", "Sync", "--output", output], input: "")
        #expect(run.status == 0, "\(run.stderr)")
        let package = URL(fileURLWithPath: output).appendingPathComponent("Sync")
        let files = ["Package.swift", "Sources/Sync/SyncApp.swift", "Sources/Sync/SyncApp+InfoPlist.swift",
                     "Sources/Sync/Resources/Info.plist", "Sources/Sync/SyncSnapshot.swift",
                     "Tests/SyncTests/SyncAppTests.swift", ".gitignore"]
        for file in files {
            #expect(FileManager.default.fileExists(atPath: package.appendingPathComponent(file).path), "\(file)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: package.appendingPathComponent("Sources").path) == ["Sync"],
                "one target, the app, as an Xcode app target")
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".package(name: \"Backgrounder\", path: \"\(Self.checkout.path)\")"))
        #expect(manifest.contains(#".product(name: "BackgroundRuntimeTesting", package: "Backgrounder")"#))
        #expect(manifest.contains(#".executable(name: "Sync", targets: ["Sync"])"#))
        #expect(manifest.contains("        .executableTarget(\n            name: \"Sync\",\n"))
        #expect(!manifest.contains(".target("), "no library: the app's target is the executable")
        #expect(manifest.contains(#".product(name: "UIKit", package: "Backgrounder")"#))
        #expect(manifest.contains(#".product(name: "BackgroundTasks", package: "Backgrounder")"#))
        for systemSide in ["BackgrounderHost", "BackgrounderPush", "AudioSystem", "NewsstandSystem"] {
            #expect(!manifest.contains(systemSide), "the system's side is the host's binary, not the app's")
        }
        #expect(manifest.contains("    // swiftSettings: [.swiftLanguageMode(.v5)],\n"), "where Swift 5 mode goes, commented")
        #expect(run.stdout.contains("Next: cd \(package.path) && swift test, then swift run Sync for the web UI"))
        #expect(run.stdout.contains(
            "The app builds Backgrounder's app side only; it runs on Backgrounder's host, the backgrounder binary beside it, in "
                + "\(Self.checkout.path)/.build or on the PATH."))
        let tests = try String(contentsOf: package.appendingPathComponent("Tests/SyncTests/SyncAppTests.swift"), encoding: .utf8)
        #expect(tests.contains("@testable import Sync\n"), "the tests import the executable's module")
    }

    /// Its delegate, marked `@main`, is the app, as in Xcode's template: UIKit's `main()` runs it
    /// on the host (`scripts/check-template` runs it), and no entry point of the template's own
    /// stands beside it, so the user's own `@main` delegate in its place is the app too.
    @Test func theAppDelegateIsMarkedMainAndIsTheApp() async throws {
        let output = temporaryDataDirectory()
        let run = try await runBackgrounder(["new", "Sync", "--output", output], input: "")
        #expect(run.status == 0, "\(run.stderr)")
        let sources = URL(fileURLWithPath: output).appendingPathComponent("Sync/Sources/Sync")
        var mains: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: sources.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            if text.contains("@main\n") || text.contains("func main(") { mains.append(file) }
        }
        #expect(mains == ["SyncApp.swift"], "the delegate is the only entry point")
        let delegate = try String(contentsOf: sources.appendingPathComponent("SyncApp.swift"), encoding: .utf8)
        #expect(delegate.contains("@main\nfinal class SyncApp: UIResponder, UIApplicationDelegate {"))
        #expect(!delegate.contains("func main("), "UIKit's main() runs it")
    }

    /// Every app on the host has the push gateway, so `--push-gateway`, kept for the scripts
    /// that pass it, writes the same package.
    @Test func thePushGatewayFlagWritesTheSamePackage() async throws {
        let (plain, gateway) = (temporaryDataDirectory(), temporaryDataDirectory())
        #expect(try await runBackgrounder(["new", "Relay", "--output", plain], input: "").status == 0)
        #expect(try await runBackgrounder(["new", "Relay", "--push-gateway", "--output", gateway], input: "").status == 0)
        for file in ["Package.swift", "Sources/Relay/RelayApp.swift"] {
            let read = { (root: String) in try String(contentsOfFile: "\(root)/Relay/\(file)", encoding: .utf8) }
            #expect(try read(plain) == read(gateway), "\(file)")
        }
        let delegate = try String(contentsOfFile: "\(gateway)/Relay/Sources/Relay/RelayApp.swift", encoding: .utf8)
        #expect(delegate.contains("`swift run Relay run --push-port\n/// 2197 --push-key AuthKey_KEYID.p8 --push-team-id TEAMID`"))
        #expect(!FileManager.default.fileExists(atPath: "\(gateway)/Relay/Sources/Relay/RelayApp+Main.swift"))
    }

    @Test func theAppDelegateIsWrittenAsOnIOS() async throws {
        let output = temporaryDataDirectory()
        let run = try await runBackgrounder(["new", "Sync", "--output", output], input: "")
        #expect(run.status == 0, "\(run.stderr)")
        let sources = URL(fileURLWithPath: output).appendingPathComponent("Sync/Sources/Sync")
        let delegate = try String(contentsOf: sources.appendingPathComponent("SyncApp.swift"), encoding: .utf8)
        #expect(delegate.hasPrefix("import BackgroundTasks\nimport UIKit\n"), "Apple's modules, and no other")
        #expect(delegate.contains("final class SyncApp: UIResponder, UIApplicationDelegate {"))
        #expect(delegate.contains("BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.cleanupTask, using: nil) { task in"))
        #expect(delegate.contains("fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void"))
        #expect(!delegate.contains("BackgroundRuntime"))
        let screen = try String(contentsOf: sources.appendingPathComponent("SyncApp+Screen.swift"), encoding: .utf8)
        #expect(screen.hasPrefix("import BackgroundRuntime\n"), "what only Backgrounder has is in a file of its own")
    }

    @Test func theTargetNamesBackgroundersFoundationTypesSoThatImportFoundationBesideUIKitBuilds() async throws {
        let output = temporaryDataDirectory()
        let run = try await runBackgrounder(["new", "Sync", "--output", output], input: "")
        #expect(run.status == 0, "\(run.stderr)")
        let file = URL(fileURLWithPath: output).appendingPathComponent("Sync/Sources/Sync/FoundationOnBackgrounder.swift")
        let aliases = try String(contentsOf: file, encoding: .utf8)
        #expect(aliases.contains("#if canImport(BackgrounderFoundation)\nimport BackgrounderFoundation\n"), "nothing on iOS")
        #expect(aliases.contains("typealias Timer = BackgrounderFoundation.Timer\n"))
        #expect(aliases.contains("typealias NotificationCenter = BackgrounderFoundation.NotificationCenter\n"))
        #expect(aliases.contains("typealias URLSession = BackgrounderFoundation.URLSession\n"))
        #expect(aliases.contains("typealias URLSessionDownloadDelegate = BackgrounderFoundation.URLSessionDownloadDelegate\n"))
        #expect(aliases.contains("typealias FileManager = BackgrounderFoundation.ProtectedFileManager\n"), "Data Protection's FileManager")
        let examples = Self.checkout.appendingPathComponent("Examples/AsWritten/Sources")
        for target in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted() {
            let copy = examples.appendingPathComponent("\(target)/FoundationOnBackgrounder.swift")
            #expect(try String(contentsOf: copy, encoding: .utf8) == aliases, "Examples/AsWritten's \(target) has the same file")
        }

        let api = temporaryDataDirectory()
        _ = try await runBackgrounder(["new", "Tally", "--backgrounder-api", "--output", api], input: "")
        let runtimeFile = URL(fileURLWithPath: api).appendingPathComponent("Tally/Sources/Tally/FoundationOnBackgrounder.swift")
        #expect(!FileManager.default.fileExists(atPath: runtimeFile.path), "the runtime's API imports no UIKit")
    }

    @Test func withTheBackgrounderAPIFlagTheAppDelegateIsTheRuntimes() async throws {
        let output = temporaryDataDirectory()
        let run = try await runBackgrounder(["new", "Sync", "--backgrounder-api", "--output", output], input: "")
        #expect(run.status == 0, "\(run.stderr)")
        let package = URL(fileURLWithPath: output).appendingPathComponent("Sync")
        let delegate = try String(contentsOf: package.appendingPathComponent("Sources/Sync/SyncApp.swift"), encoding: .utf8)
        #expect(delegate.contains("@main\n@AppMain\nfinal class SyncApp: ApplicationDelegate {"))
        #expect(delegate.contains("await AppEntry.main(module: \"Sync\") { SyncApp(application: $0) }"))
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent("Sources/Sync/SyncApp+Screen.swift").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: package.appendingPathComponent("Sources").path) == ["Sync"])
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains(#""UIKit""#))
        #expect(!manifest.contains("BackgrounderHost"), "the app's binary hands its command line to the host's")
    }

    @Test func aNameThatIsNoSwiftIdentifierIsRefused() async throws {
        let run = try await runBackgrounder(["new", "my-app", "--output", temporaryDataDirectory()], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("\"my-app\" is not a Swift identifier"))
    }

    @Test func anExistingDirectoryIsLeftAlone() async throws {
        let output = temporaryDataDirectory()
        let existing = URL(fileURLWithPath: output).appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: existing.appendingPathComponent("notes.txt"))
        let run = try await runBackgrounder(["new", "Sync", "--output", output], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("\(existing.path) exists already"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: existing.path) == ["notes.txt"])
    }

    @Test func aPathThatIsNoCheckoutIsRefused() async throws {
        let run = try await runBackgrounder(
            ["new", "Sync", "--output", temporaryDataDirectory(), "--backgrounder-path", temporaryDataDirectory()], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("is not a Backgrounder checkout"))
    }
}
