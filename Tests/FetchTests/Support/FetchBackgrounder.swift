import BackgroundCommands
import BackgroundRuntime
import Fetch
import Foundation
import TestSupport
import Testing
import TheBackgrounder

/// TheBackgrounder on a manual device, silent, with its own Info.plist and a fresh data directory.
func makeBackgrounder(iOS version: Int = 10, launchReason: LaunchReason = .user, fetchURL: URL? = nil) throws -> Backgrounder {
    let backgrounder = Backgrounder.onTestDevice(Configuration(
        profile: PolicyProfile(iOS: version)!,
        infoPlist: try BundledResources.infoPlist(),
        dataDirectory: TestTemporaryDirectory.make("backgrounder-fetch-tests"),
        launchReason: launchReason,
                consoleOutput: nil,
        fetchURL: fetchURL))
    backgrounder.start()
    return backgrounder
}

/// What `status` says, decoded.
struct Status: Decodable {
    struct Screens: Decodable {
        let fetch: FetchScreenStatus
    }

    struct FetchScreenStatus: Decodable, Equatable {
        let label: String
        let lastFetch: String?
        let lastResult: String?
        let nextEarliestFetch: String?
        let source: String
    }

    let state: String
    let screens: Screens
    let diagnostics: Int
}

extension Backgrounder {
    /// Runs `line` and expects it to succeed.
    func run(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        let result = await execute(line)
        if case .failed(let error) = result { Issue.record("\(line): \(error)", sourceLocation: sourceLocation) }
    }

    /// The `status` command's answer.
    func status() async throws -> Status {
        guard case .output(let json) = await execute("status") else { throw CommandError.usage("status gave no output") }
        return try JSONDecoder().decode(Status.self, from: Data(json.utf8))
    }

    /// The error line of a command that must fail.
    func failure(of line: String) async -> String? {
        guard case .failed(let error) = await execute(line) else { return nil }
        return error.description
    }

    /// The console's messages so far.
    var messages: [String] { device.console.recentMessages }
}

/// The label the Fetch screen shows for `date`: the tutorial's short date and long time.
func label(for date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US")
    formatter.dateStyle = .short
    formatter.timeStyle = .long
    return formatter.string(from: date)
}
