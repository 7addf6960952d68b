import BackgroundRuntime
import Foundation
import Newsstand
import Synchronization
import Testing
@testable import TheBackgrounder
import TestSupport

/// A fresh data directory.
func temporaryDirectory(_ name: String = "newsstand") -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID())", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// TheBackgrounder on a manual device, silent, launched, with its transfer service started.
func makeBackgrounder(
    dataDirectory: URL = temporaryDirectory(),
    iOS version: Int = 10,
    modes: Set<BackgroundMode> = [.newsstandContent],
    isNewsstandApp: Bool = true,
    options: TransferOptions = TransferOptions()
) -> Backgrounder {
    var configuration = Configuration(
        profile: PolicyProfile(iOS: version)!,
        infoPlist: InfoPlist(backgroundModes: modes, isNewsstandApp: isNewsstandApp),
        dataDirectory: dataDirectory,
        consoleOutput: nil)
    configuration.transferOptions = options
    let backgrounder = Backgrounder.onTestDevice(configuration)
    backgrounder.start()
    return backgrounder
}

extension Backgrounder {
    /// Runs due timers and app jobs, moving manual time by `step` each round, until
    /// `condition` holds; fails the test after `timeout` of real time.
    func pump(
        step: Duration = .zero, timeout: Duration = .seconds(30),
        sourceLocation: Testing.SourceLocation = #_sourceLocation, until condition: () -> Bool
    ) async {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out; console: \(device.console.recentMessages.suffix(12))", sourceLocation: sourceLocation)
                return
            }
            testDevice.advance(by: step)
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The Newsstand screen's last snapshot.
    var newsstandSnapshot: NewsstandSnapshot? {
        device.snapshot(for: .newsstand)
    }

    var messages: [String] { device.console.recentMessages }

    /// The issue named `name`, as `newsstand list` knows it.
    func issue(_ name: String = NewsstandScreen.issueName) -> IssueSnapshot? {
        newsstand.issueSnapshots().first { $0.name == name }
    }

    /// Ends the app and the service as a killed process would leave them: nothing is told.
    func kill() async {
        await newsstand.shutdown()
        device.shutdown()
    }
}
