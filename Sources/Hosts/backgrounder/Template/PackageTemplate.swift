import BackgrounderPort
import Foundation

/// The files of a new package for a user's app on Backgrounder: one executable target, as an
/// Xcode app target is, with the app delegate marked `@main`, its screen's snapshot and its
/// Info.plist — the delegate is the app on Backgrounder's host (`swift run NAME`: the web UI;
/// `swift run NAME run --headless`: commands on standard input) — and a test target that
/// drives it on a ``TestDevice`` (`@testable import NAME`). A second `@main` type in the target
/// (the user's own app delegate) is the compiler's error, naming both, rather than an entry
/// point that silently wins. The app delegate is written as on iOS, with UIKit's and
/// BackgroundTasks' names, unless ``backgrounderAPI``.
struct PackageTemplate {
    /// The package's and the app's name: a Swift identifier (`Sync`).
    let name: String
    /// The Backgrounder checkout the package depends on.
    let backgrounderPath: URL
    /// Whether the app delegate is written in the runtime's own API (`Application`,
    /// `ApplicationDelegate`, `@AppMain`) rather than Apple's spellings.
    var backgrounderAPI = false

    /// The package's files, by path relative to its directory.
    var files: [(path: String, contents: String)] {
        [
            ("Package.swift", packageManifest),
            ("Sources/\(name)/\(name)App.swift", backgrounderAPI ? runtimeAppDelegate : appDelegate),
            ("Sources/\(name)/\(name)App+Screen.swift", backgrounderAPI ? nil : screenPublisher),
            ("Sources/\(name)/\(name)App+InfoPlist.swift", infoPlistLoader),
            ("Sources/\(name)/\(name)Snapshot.swift", snapshot),
            ("Sources/\(name)/\(FoundationOnBackgrounder.fileName)", backgrounderAPI ? nil : FoundationOnBackgrounder.contents),
            ("Sources/\(name)/Resources/Info.plist", infoPlist),
            ("Tests/\(name)Tests/\(name)AppTests.swift", tests),
            (".gitignore", ".build/\nPackage.resolved\n"),
        ].compactMap { path, contents in contents.map { (path, $0) } }
    }

    private var identifier: String { "com.example.\(name.lowercased())" }

    private var packageManifest: String {
        """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "\(name)",
            platforms: [.macOS(.v15)],
            products: [
                // `swift run \(name)`: the app on Backgrounder, with its web UI.
                .executable(name: "\(name)", targets: ["\(name)"]),
            ],
            dependencies: [
                // Backgrounder, from its checkout.
                .package(name: "Backgrounder", path: \(literal(backgrounderPath.path))),
            ],
            targets: [
                // The app, as an Xcode app target: its delegate, marked `@main`, is the entry point.
                .executableTarget(
                    name: "\(name)",
                    dependencies: [\(appDependencies)],
                    // SwiftPM keeps a top-level Info.plist out of the bundle: it lives in Resources/.
                    resources: [.copy("Resources")],
                    // Code written before Swift 6 (Xcode's Swift 5 language mode): uncomment this line.
                    // swiftSettings: [.swiftLanguageMode(.v5)],
                ),
                .testTarget(
                    name: "\(name)Tests",
                    dependencies: ["\(name)", .product(name: "BackgroundRuntimeTesting", package: "Backgrounder")]
                ),
            ]
        )

        """
    }

    /// The app's target's dependencies: the runtime's app side, and UIKit's and BackgroundTasks'
    /// names. The system's side is the host's, the `backgrounder` binary, which the app's own
    /// binary hands its command line to: the app builds none of it.
    private var appDependencies: String {
        let products = ["BackgroundRuntime"] + (backgrounderAPI ? [] : ["UIKit", "BackgroundTasks"])
        return products.map { ".product(name: \"\($0)\", package: \"Backgrounder\")" }.joined(separator: ", ")
    }

    /// How the tests' device makes the app delegate of a launch.
    private var makeDelegate: String {
        backgrounderAPI ? "{ \(name)App(application: $0) }" : "{ \(name)App() }"
    }

    private var appDelegate: String {
        """
        import BackgroundTasks
        import UIKit

        /// \(name)'s app delegate, written as on iOS. Going to the background, it finishes its
        /// upload under a background task, and asks for a cleanup while the device charges; a
        /// background push from its server wakes it to sync.
        ///
        /// Marked `@main`, as Xcode's template marks it, it is the app: `swift run \(name)` runs
        /// it on Backgrounder with the web UI on http://127.0.0.1:8080, `swift run \(name) run
        /// --headless` with commands on standard input. Your own `@main` app delegate replaces
        /// this one: a module has one `@main` type.
        ///
        \(pushGatewayNote)
        @main
        final class \(name)App: UIResponder, UIApplicationDelegate {
            /// The identifier of the cleanup task, as Info.plist permits it.
            nonisolated static let cleanupTask = "\(identifier).cleanup"

            var window: UIWindow?
            /// Uploads finished so far.
            private(set) var uploads = 0
            /// Background pushes received so far.
            private(set) var pushes = 0
            /// The background task that keeps the app running while it uploads.
            private var upload = UIBackgroundTaskIdentifier.invalid

            func application(
                _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
            ) -> Bool {
                publish()
                application.registerForRemoteNotifications()
                BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.cleanupTask, using: nil) { task in
                    task.expirationHandler = { task.setTaskCompleted(success: false) }
                    print("Cleaning up")
                    task.setTaskCompleted(success: true)
                }
                return true
            }

            func applicationDidEnterBackground(_ application: UIApplication) {
                // The upload takes 5 s; the background task keeps the app running until it is done.
                upload = application.beginBackgroundTask(withName: "upload") { [weak self] in self?.endUpload() }
                Timer.scheduledTimer(withTimeInterval: 5, repeats: false) { [weak self] _ in
                    guard let self else { return }
                    uploads += 1
                    publish()
                    print("Upload finished")
                    endUpload()
                }
                let cleanup = BGProcessingTaskRequest(identifier: Self.cleanupTask)
                cleanup.requiresExternalPower = true
                do {
                    try BGTaskScheduler.shared.submit(cleanup)
                } catch {
                    print("Cannot ask for the cleanup: \\(error)")
                }
            }

            func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
                // Your server needs it to push to this device.
                print("Push token: \\(deviceToken.map { String(format: "%02x", $0) }.joined())")
            }

            /// A background push (`"content-available": 1`): the server has something new.
            func application(
                _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
            ) {
                pushes += 1
                publish()
                let json = (try? JSONSerialization.data(withJSONObject: userInfo, options: [.sortedKeys]))
                    .map { String(decoding: $0, as: UTF8.self) }
                print("Push: \\(json ?? "\\(userInfo)")")
                completionHandler(.newData)
            }

            /// Ends the upload's background task, once.
            private func endUpload() {
                guard upload != .invalid else { return }
                UIApplication.shared.endBackgroundTask(upload)
                upload = .invalid
            }
        }

        """
    }

    /// How the app's own server pushes to it.
    private var pushGatewayNote: String {
        """
        /// To take pushes from your server as it sends them through APNs, run the app with the
        /// host's push gateway, APNs's provider API on loopback: `swift run \(name) run --push-port
        /// 2197 --push-key AuthKey_KEYID.p8 --push-team-id TEAMID`; your server (or a provider
        /// library) sends to https://127.0.0.1:2197 with the device token the app logs (`Push
        /// token: …`), trusting the gateway's certificate (`push/gateway.pem` in the data directory).
        """
    }

    /// What only Backgrounder has: the screen's snapshot, which `status` and the web UI show.
    private var screenPublisher: String {
        """
        import BackgroundRuntime

        extension \(name)App {
            /// Shows what the app's screen shows: `status` has it under `screens.\(screenName)`, and
            /// the web UI shows it as JSON. This is Backgrounder's API; on iOS a view shows it.
            func publish() {
                Application.current?.publish(\(name)Snapshot(uploads: uploads, pushes: pushes), for: .\(screenName))
            }
        }

        """
    }

    private var runtimeAppDelegate: String {
        """
        import BackgroundRuntime

        /// \(name)'s app delegate. Going to the background, it finishes its upload under a
        /// background task assertion, and asks for a cleanup while the device charges; a
        /// background push from its server wakes it to sync.
        ///
        /// Marked `@main`, it is the app: `swift run \(name)` runs it on Backgrounder with the web
        /// UI on http://127.0.0.1:8080, `swift run \(name) run --headless` with commands on
        /// standard input. A module has one `@main` type.
        @main
        @AppMain
        final class \(name)App: ApplicationDelegate {
            /// The identifier of the cleanup task, as Info.plist permits it.
            nonisolated static let cleanupTask = "\(identifier).cleanup"

            let application: Application
            /// Uploads finished so far.
            private(set) var uploads = 0
            /// Background pushes received so far.
            private(set) var pushes = 0
            /// The assertion that keeps the app running while it uploads.
            private var upload = BackgroundTaskIdentifier.invalid

            /// The app on Backgrounder's host, in its own process: a launch makes its delegate with
            /// `init(application:)`; its Info.plist is in the target's resources. On the main
            /// actor, as `main` is.
            @MainActor
            static func main() async {
                await AppEntry.main(module: "\(name)") { \(name)App(application: $0) }
            }

            init(application: Application) {
                self.application = application
            }

            func applicationDidFinishLaunching(_ application: Application) {
                publish()
                application.registerForRemoteNotifications()
                application.taskScheduler?.register(forTaskWithIdentifier: Self.cleanupTask) { task in
                    task.expirationHandler = { task.setTaskCompleted(success: false) }
                    application.logger.info("Cleaning up")
                    task.setTaskCompleted(success: true)
                }
            }

            func applicationDidEnterBackground(_ application: Application) {
                // The upload takes 5 s; the assertion keeps the app running until it is done.
                upload = application.beginBackgroundTask(withName: "upload") { [weak self] in self?.endUpload() }
                _ = application.scheduledTimer(withTimeInterval: .seconds(5), repeats: false) { [weak self] _ in
                    guard let self else { return }
                    uploads += 1
                    publish()
                    application.logger.info("Upload finished")
                    endUpload()
                }
                var cleanup = ProcessingTaskRequest(identifier: Self.cleanupTask)
                cleanup.requiresExternalPower = true
                do {
                    try application.taskScheduler?.submit(cleanup)
                } catch {
                    application.logger.info("Cannot ask for the cleanup: \\(error)")
                }
            }

            func application(_ application: Application, didRegisterForRemoteNotificationsWithDeviceToken token: PushToken) {
                // Your server needs it to push to this device.
                application.logger.info("Push token: \\(token)")
            }

            /// A background push (`"content-available": 1`): the server has something new.
            func application(
                _ application: Application, didReceiveRemoteNotification payload: PushPayload,
                fetchCompletionHandler completionHandler: @escaping BackgroundFetchCompletion
            ) {
                pushes += 1
                publish()
                application.logger.info("Push: \\(payload.json)")
                completionHandler(.newData)
            }

            /// Shows what the app's screen shows: `status` has it under `screens.\(screenName)`, and
            /// the web UI shows it as JSON.
            private func publish() {
                application.publish(\(name)Snapshot(uploads: uploads, pushes: pushes), for: .\(screenName))
            }

            /// Ends the upload's assertion, once.
            private func endUpload() {
                guard upload != .invalid else { return }
                application.endBackgroundTask(upload)
                upload = .invalid
            }
        }

        """
    }

    /// The app's screen's key in `status`'s `screens`: the name in lower camel case.
    private var screenName: String { name.prefix(1).lowercased() + name.dropFirst() }

    private var snapshot: String {
        """
        import BackgroundRuntime

        /// What \(name)'s screen shows.
        public struct \(name)Snapshot: ScreenSnapshot, Equatable {
            /// Uploads finished so far.
            public let uploads: Int
            /// Background pushes received so far.
            public let pushes: Int
        }

        extension ScreenKey where Snapshot == \(name)Snapshot {
            /// \(name)'s screen.
            public static let \(screenName) = ScreenKey("\(screenName)")
        }

        """
    }

    private var infoPlistLoader: String {
        """
        import BackgroundRuntime
        import Foundation

        extension \(name)App {
            /// The app's Info.plist: its background modes and permitted task identifiers.
            nonisolated static func infoPlist() throws -> InfoPlist {
                guard let path = Bundle.module.path(forResource: "Info", ofType: "plist", inDirectory: "Resources") else {
                    throw CocoaError(.fileNoSuchFile)
                }
                return try InfoPlist(contentsOf: path)
            }
        }

        """
    }

    /// The Apple-spelled app's deployment target: BackgroundTasks came with iOS 13.
    private var minimumOSVersion: String {
        backgrounderAPI ? "" : "\n    <key>MinimumOSVersion</key>\n    <string>13.0</string>"
    }

    private var infoPlist: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleName</key>
            <string>\(name)</string>
            <key>CFBundleIdentifier</key>
            <string>\(identifier)</string>\(minimumOSVersion)
            <key>UIBackgroundModes</key>
            <array>
                <string>processing</string>
                <string>remote-notification</string>
            </array>
            <key>BGTaskSchedulerPermittedIdentifiers</key>
            <array>
                <string>\(identifier).cleanup</string>
            </array>
        </dict>
        </plist>

        """
    }

    private var tests: String {
        """
        import BackgroundRuntimeTesting
        import Testing
        @testable import \(name)

        /// \(name) under iOS's rules, on the manual clock: a ten-minute scenario in milliseconds.
        @Suite struct \(name)AppTests {
            func makeDevice() throws -> TestDevice {
                TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: try \(name)App.infoPlist()) \(makeDelegate)
            }

            @Test func theUploadFinishesInTheBackgroundAndTheAppIsSuspended() throws {
                let device = try makeDevice()
                device.launch()
                device.pressHome()
                #expect(device.appState == .background)
                device.advance(by: .seconds(5))
                #expect(device.consoleLines(containing: "Upload finished").count == 1)
                #expect(device.appState == .suspended)
                #expect(device.diagnosticMessages.isEmpty)
            }

            @Test func theCleanupRunsWhenTheDeviceCharges() throws {
                let device = try makeDevice()
                let work = ScheduledWorkDriver(device: device)
                device.launch()
                device.pressHome()
                device.advance(by: .seconds(5))
                try work.setEarliestDateReached(for: \(name)App.cleanupTask)
                #expect(device.consoleLines(containing: "Cleaning up").isEmpty, "it waits for external power")
                try work.setAllConditionsMet(for: \(name)App.cleanupTask)
                #expect(device.consoleLines(containing: "Cleaning up").count == 1)
                #expect(device.diagnosticMessages.isEmpty)
            }

            @Test func aBackgroundPushWakesTheSuspendedAppToSync() throws {
                let device = try makeDevice()
                device.launch()
                device.pressHome()
                device.advance(by: .seconds(5))
                #expect(device.appState == .suspended)
                let payload = try PushPayload(aps: #"{"content-available":1}"#)
                device.push.receive(RemotePush(type: .background, priority: 5, topic: "\(identifier)", payload: payload))
                #expect(device.consoleLines(containing: "Push: ").count == 1)
                #expect(device.snapshot(for: .\(screenName))?.pushes == 1)
                // Woken, the app hears applicationDidEnterBackground(_:) first, as on iOS, and
                // uploads again under its background task.
                device.advance(by: .seconds(5))
                #expect(device.appState == .suspended, "suspended again once the handler completed and the upload ended")
                #expect(device.diagnosticMessages.isEmpty)
            }
        }

        """
    }

    private func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
