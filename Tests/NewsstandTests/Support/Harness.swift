import BackgroundRuntime
import Foundation
import Newsstand
import NewsstandSystem
import NewsstandWire
import Synchronization
import TestSupport
import Testing
@testable import TheBackgrounder

/// A fresh data directory.
func temporaryDirectory(_ name: String = "newsstand") -> URL {
    TestTemporaryDirectory.make(name)
}

/// TheBackgrounder on a manual device, silent, launched, with its transfer service started (and
/// a debugger attached if asked: the app is never suspended).
func makeBackgrounder(
    dataDirectory: URL = temporaryDirectory(),
    iOS version: Int = 10,
    modes: Set<BackgroundMode> = [.newsstandContent],
    isNewsstandApp: Bool = true,
    options: TransferOptions = TransferOptions(),
    debuggerAttached: Bool = false
) -> Backgrounder {
    var configuration = Configuration(
        profile: PolicyProfile(iOS: version)!,
        infoPlist: InfoPlist(backgroundModes: modes, isNewsstandApp: isNewsstandApp),
        dataDirectory: dataDirectory,
        consoleOutput: nil)
    configuration.services.transferOptions = options
    configuration.debuggerAttached = debuggerAttached
    let backgrounder = Backgrounder.onTestDevice(configuration)
    backgrounder.start()
    return backgrounder
}

extension Backgrounder {
    /// Runs due timers and app jobs, moving manual time by `step` each round, until
    /// `condition` holds; fails the test after `timeout` of real time (generous: on a loaded
    /// 2-core machine hundreds of loopback connections take tens of seconds).
    func pump(
        step: Duration = .zero, timeout: Duration = hangBound,
        sourceLocation: Testing.SourceLocation = #_sourceLocation, until condition: () -> Bool
    ) async {
        guard await testDevice.runUntil(timeout: timeout, step: step, condition) else {
            Issue.record("timed out; console: \(messages.suffix(12))", sourceLocation: sourceLocation)
            return
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
}
