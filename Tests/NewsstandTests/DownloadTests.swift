import BackgroundRuntime
import DemoPeers
import Foundation
@testable import Newsstand
@testable import NewsstandSystem
import TestSupport
import Testing
@testable import TheBackgrounder

@Suite("Newsstand downloads against real servers", .serialized, .temporaryDirectory)
struct DownloadTests {
    @Test func aForegroundDownloadEndsInTheIssueAndTheWebView() async throws {
        let server = try await RunningContentServer()
        defer { Task { await server.stop() } }
        let backgrounder = makeBackgrounder()
        #expect(await backgrounder.execute("newsstand download \(server.url)") == .done)
        #expect(backgrounder.newsstandSnapshot?.progress == 0)
        await backgrounder.pump { backgrounder.issue()?.status == .available }
        let snapshot = try #require(backgrounder.newsstandSnapshot)
        let document = try #require(snapshot.documentPath)
        #expect(document.hasSuffix("newsstand/Issues/test/the-backgrounder-2013.pdf"))
        #expect(snapshot.progress == nil)
        let expected = temporaryDirectory().appendingPathComponent("issue.pdf")
        try server.writeIssue(to: expected)
        #expect(FileManager.default.contentsEqual(atPath: document, andPath: expected.path))
        let transfers = backgrounder.newsstand.directories.transfers.path
        #expect(try FileManager.default.contentsOfDirectory(atPath: transfers).isEmpty)
        #expect(!backgrounder.messages.contains { $0.hasPrefix("App is backgrounded") })
    }

    @Test func returnRemovesOldIssuesFirst() async throws {
        let server = try await RunningContentServer()
        defer { Task { await server.stop() } }
        let backgrounder = makeBackgrounder()
        _ = try backgrounder.newsstand.addIssue(named: "old", date: Date(timeIntervalSince1970: 0))
        #expect(await backgrounder.execute("newsstand download \(server.url)") == .done)
        #expect(backgrounder.newsstand.issues().map(\.name) == ["test"])
        await backgrounder.pump { backgrounder.issue()?.status == .available }
    }

    /// An Info.plist or an iOS that lacks what background Newsstand downloads need.
    struct MissingRule: Sendable, CustomTestStringConvertible {
        let version: Int
        let modes: Set<BackgroundMode>
        let isNewsstandApp: Bool
        let rule: String
        let reason: String

        var testDescription: String { rule }
    }

    @Test(arguments: [
        MissingRule(version: 10, modes: [], isNewsstandApp: true, rule: "missing-background-mode",
                    reason: "UIBackgroundModes in Info.plist lacks newsstand-content"),
        MissingRule(version: 10, modes: [.newsstandContent], isNewsstandApp: false, rule: "not-newsstand-app",
                    reason: "UINewsstandApp is not true in Info.plist"),
        MissingRule(version: 17, modes: [.newsstandContent], isNewsstandApp: true, rule: "newsstand-unavailable",
                    reason: "Newsstand Kit does not exist in iOS 17: it was removed in iOS 17"),
    ])
    func withoutTheRulesDownloadsStopWhenTheAppIsSuspended(_ missing: MissingRule) async throws {
        let server = try await RunningContentServer(
            rate: ByteRate(bytesPerSecond: 500_000), issue: IssuePDF(pageCount: 100, segmentLength: 10_000))
        defer { Task { await server.stop() } }
        let backgrounder = makeBackgrounder(iOS: missing.version, modes: missing.modes, isNewsstandApp: missing.isNewsstandApp)
        #expect(await backgrounder.execute("newsstand download \(server.url)") == .done)
        await backgrounder.pump { (backgrounder.issue()?.bytesWritten ?? 0) > 0 }
        #expect(await backgrounder.execute("home") == .done)
        #expect(backgrounder.device.appState == .suspended)
        let newsstandDiagnostics = backgrounder.device.diagnostics.recent.filter { $0.message.hasPrefix("Newsstand downloads") }
        #expect(newsstandDiagnostics.map(\.rule.rawValue) == [missing.rule])
        let message = try #require(backgrounder.device.diagnostics.recent.last?.message)
        #expect(message == "Newsstand downloads of issue test stop while TheBackgrounder is suspended: \(missing.reason); they resume when the app runs again")
        #expect(await backgrounder.execute("open") == .done)
        await backgrounder.pump { backgrounder.issue()?.status == .available }
        #expect(backgrounder.newsstandSnapshot?.documentPath != nil)
    }

    @Test func anIssueDownloadsOverHTTPSFromAServerWithATrustedCertificate() async throws {
        let root = temporaryDirectory("nginx-root")
        let issue = IssuePDF(pageCount: 20, segmentLength: 10_000)
        let file = root.appendingPathComponent("issue.pdf")
        try Data(issue.bytes(in: 0..<issue.count)).write(to: file)
        let nginx = try await Nginx(root: root, tls: true)
        var options = TransferOptions()
        options.trustedCertificates = [try #require(nginx.certificate)]
        let backgrounder = makeBackgrounder(options: options)
        #expect(await backgrounder.execute("newsstand download \(nginx.url("issue.pdf"))") == .done)
        await backgrounder.pump { backgrounder.issue()?.status == .available }
        let stored = backgrounder.newsstand.directories.content(ofIssue: "test").appendingPathComponent("issue.pdf")
        #expect(FileManager.default.contentsEqual(atPath: stored.path, andPath: file.path))
        #expect(nginx.accessLog.contains("\"GET /issue.pdf HTTP/1.1\" 200 "), "nginx log: \(nginx.accessLog)")
    }

    @Test func anUntrustedCertificateEndsTheDownloadWithTheReason() async throws {
        let root = temporaryDirectory("nginx-root")
        try Data("%PDF-1.4 tiny".utf8).write(to: root.appendingPathComponent("issue.pdf"))
        let nginx = try await Nginx(root: root, tls: true)
        let backgrounder = makeBackgrounder()
        #expect(await backgrounder.execute("newsstand download \(nginx.url("issue.pdf"))") == .done)
        // At once, not after the retries of a network error (the clock stands still): trying
        // again cannot help. The app's delegate hears it, and the screen shows it.
        await backgrounder.pump { backgrounder.newsstandSnapshot?.error != nil }
        let error = try #require(backgrounder.newsstandSnapshot?.error)
        #expect(error.hasPrefix("the secure connection to \(nginx.url("issue.pdf")) failed: "), "\(error)")
        #expect(error.hasSuffix("trust it with --trust-certificate PEM"))
        #expect(error.contains("CERTIFICATE_VERIFY_FAILED"), "\(error)")
        #expect(backgrounder.issue()?.status != .available)
        #expect(nginx.accessLog.isEmpty)
    }
}
