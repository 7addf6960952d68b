import BackgroundRuntime
import DemoPeers
import Foundation
@testable import Newsstand
@testable import NewsstandSystem
import TestSupport
import Testing
@testable import TheBackgrounder

/// A `backgrounder` killed with SIGKILL in the middle of a download, then a relaunch: the kill
/// leaves bytes past the last checkpoint, and which of them a relaunch trusts depends on
/// whether the machine rebooted in between.
@Suite("kill -9 halfway, then a relaunch", .serialized, .temporaryDirectory)
struct KillTests {
    /// The headless arguments of a run on `data`.
    private func headless(_ data: URL, _ extra: [String]) -> [String] {
        ["run", "--headless", "--data-dir", data.path] + extra
    }

    @Test func theRelaunchedBinaryResumesAtTheLastByteWrittenAndFinishesTheSameFile() async throws {
        let data = temporaryDirectory("kill")
        let port = String(freePort())
        // At 2 MB/s the 40 MB issue takes 20 s: the kill comes in the middle even when a busy
        // machine lets the test look only now and then. The relaunch serves at full speed.
        let killed = try await KilledDownload.kill(
            headless(data, ["--content-port", port, "--content-rate", "2MB/s"]), dataDirectory: data,
            command: "newsstand download", afterWriting: 5_000_000)

        let second = try InteractiveProcess(
            productsDirectory.appendingPathComponent("backgrounder").path,
            headless(data, ["--content-port", port, "--content-rate", "unlimited"]))
        defer { second.stop() }
        let stored = NewsstandDirectories(dataDirectory: data).content(ofIssue: "test")
            .appendingPathComponent("the-backgrounder-2013.pdf")
        let finished = await second.waitFor { _ in FileManager.default.fileExists(atPath: stored.path) }
        #expect(finished, "not finished: \(second.stdout.suffix(2_000))")
        second.type("quit")
        #expect(await second.waitForExit() == 0)
        // Within the boot that wrote them, the bytes past the checkpoint are trusted too.
        #expect(second.stdout.contains(
            "Newsstand: resuming \(killed.asset.url) for issue test at byte \(killed.length) (\(ByteCount.text(killed.length)))"),
            "\(second.stdout.suffix(2_000))")
        #expect(!second.stdout.contains("restarting from zero"))
        let expected = temporaryDirectory().appendingPathComponent("issue.pdf")
        let issue = IssuePDF()
        try Data(issue.bytes(in: 0..<issue.count)).write(to: expected)
        #expect(FileManager.default.contentsEqual(atPath: stored.path, andPath: expected.path))
    }

    @Test func withinTheSameBootTheBytesPastTheCheckpointAreResumedFrom() async throws {
        let (killed, relaunched, nginx) = try await killNginxDownloadAndRelaunch(bootID: TransferOptions.currentBootID)
        #expect(relaunched.messages.contains(
            "Newsstand: resuming \(nginx.url("issue.pdf")) for issue test at byte \(killed.length) (\(ByteCount.text(killed.length)))"))
    }

    @Test func afterARebootOnlyTheSyncedCheckpointIsTrusted() async throws {
        let (killed, relaunched, nginx) = try await killNginxDownloadAndRelaunch(bootID: "a-later-boot")
        let checkpoint = killed.asset.bytesWritten
        #expect(relaunched.messages.contains(
            "Newsstand: resuming \(nginx.url("issue.pdf")) for issue test at byte \(checkpoint) (\(ByteCount.text(checkpoint)))"))
    }

    /// Downloads a 6 MB file from nginx in a `backgrounder` process, kills it once it has
    /// checkpointed (every 4 MiB) and written 4.6 MB, then relaunches the service in this
    /// process, in boot `bootID`, and lets it finish. nginx sends the first 4.6 MB of each
    /// response at full speed and then a trickle, so the kill always leaves bytes past the
    /// checkpoint: the two boots' resume offsets differ.
    private func killNginxDownloadAndRelaunch(bootID: String) async throws -> (KilledDownload, Backgrounder, Nginx) {
        let root = temporaryDirectory("nginx-root")
        let issue = IssuePDF(pageCount: 600, segmentLength: 10_000)
        let file = root.appendingPathComponent("issue.pdf")
        try Data(issue.bytes(in: 0..<issue.count)).write(to: file)
        let nginx = try await Nginx(root: root, limitRate: "1k", limitRateAfter: "4600k")
        let data = temporaryDirectory("kill")
        let killed = try await KilledDownload.kill(
            headless(data, ["--content-port", "0"]), dataDirectory: data,
            command: "newsstand download \(nginx.url("issue.pdf"))", afterWriting: 4_600_000)
        #expect(killed.asset.bootID == TransferOptions.currentBootID)
        try #require(killed.asset.bytesWritten < killed.length, "the kill left no byte past the checkpoint")

        var options = TransferOptions()
        options.bootID = bootID
        let relaunched = makeBackgrounder(dataDirectory: data, options: options)
        await relaunched.pump { relaunched.issue()?.status == .available }
        let stored = relaunched.newsstand.directories.content(ofIssue: "test").appendingPathComponent("issue.pdf")
        #expect(FileManager.default.contentsEqual(atPath: stored.path, andPath: file.path))
        #expect(nginx.accessLog.contains("\" 206 "), "nginx log: \(nginx.accessLog)")
        #expect(!relaunched.messages.contains { $0.contains("restarting from zero") })
        return (killed, relaunched, nginx)
    }
}
