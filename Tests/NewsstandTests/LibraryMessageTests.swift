import BackgroundRuntime
import BackgroundWire
import DemoPeers
import Foundation
@testable import Newsstand
@testable import NewsstandWire
import TestSupport
import Testing

/// The app's ``Library`` and the system's ``TransferService`` talk only by messages
/// (``NewsstandService``) — values that cross to an app in its own process in the wire's binary
/// form — and name downloads by the service's identifiers: what a stray message does, when an
/// event wakes the app, and what a relaunched app's library is handed.
@Suite("The library and the transfer service, by messages", .serialized, .temporaryDirectory)
struct LibraryMessageTests {
    /// A content server slow enough that a download outlasts a few steps of a test.
    private func slowServer() async throws -> RunningContentServer {
        try await RunningContentServer(
            rate: ByteRate(bytesPerSecond: 600_000), issue: IssuePDF(pageCount: 120, segmentLength: 10_000))
    }

    /// The value `value` becomes once it crossed to the other process.
    private func crossed<T: Codable & Equatable>(_ value: T) throws -> T {
        try WireDecoder().decode(T.self, from: WireEncoder().encode(value))
    }

    @Test func everyCallAndEventCrossesTheWireAndBack() throws {
        let request = DownloadRequest(url: URL(string: "https://example.com/a%20b.pdf")!, headers: ["X-Issue": "May"])
        let calls: [NewsstandServiceCall] = [
            .issues, .addIssue(name: "May", date: Date(timeIntervalSince1970: 1_000)), .removeIssue(name: "May"),
            .status(issue: "May"), .assets(issue: "May"), .addAsset(issue: "May", request: request, userInfo: ["k": "v"]),
            .download(asset: "A"), .tookProgress(asset: "A"), .handedOver(asset: "A"), .currentlyReading,
            .setCurrentlyReading(nil), .setCurrentlyReading("May"), .issueSnapshots,
        ]
        for call in calls {
            #expect(try crossed(call) == call)
        }
        let events: [NewsstandServiceEvent] = [
            .progress(asset: "A", bytes: 65_536, total: 131_072, expected: nil), .resumed(asset: "A", total: 5, expected: 9),
            .finished(asset: "A", path: "/tmp/A/issue.pdf"), .failed(asset: "A", error: .stalled(bytes: 3, seconds: 30)),
            .libraryChanged,
        ]
        for event in events {
            #expect(try crossed(event) == event)
        }
        let snapshot = IssueSnapshot(
            name: "May", date: Date(timeIntervalSince1970: 1_000), status: .downloading, progress: nil, bytesWritten: 7,
            expectedBytes: nil, files: [], error: "the connection failed: reset")
        #expect(try crossed([snapshot]) == [snapshot])
        // What an app in its own process publishes reaches the system, which reads the screen's
        // document back from it (the web UI's /api/newsstand/document).
        let screen = NewsstandSnapshot(
            url: "http://127.0.0.1:8081/issue.pdf", progress: nil, documentPath: "/data/newsstand/Issues/test/issue.pdf",
            currentIssue: "test", issues: [snapshot], error: nil)
        #expect(try crossed(screen) == screen)
    }

    @Test func anEventAboutADownloadTheLaunchNeverHadHandsNothingOver() async throws {
        let reader = ReaderDevice()
        #expect(ServiceHost<NewsstandService>(device: reader.device).post(.finished(asset: "unknown", path: "/etc/hostname")))
        reader.device.runUntilIdle()
        #expect(reader.log.all == ["launch user"])
        #expect(FileManager.default.fileExists(atPath: "/etc/hostname"))
        #expect(reader.device.appState == .active)
    }

    @Test func aSuspendedAppHearsNoProgressAndIsWokenOnlyForTheEnd() async throws {
        let server = try await slowServer()
        defer { Task { await server.stop() } }
        let reader = ReaderDevice()
        let id = try #require(reader.withApp { app in try? app.download(server.url, into: "May") })
        #expect(await reader.pump { !reader.log.progress.isEmpty })
        reader.device.pressHome()
        #expect(reader.device.appState == .suspended)
        let heard = reader.log.progress.count
        // Every progress event sent while the app ran reports at most this total; one sent just
        // before the press may still wait in the frozen app's queue, as a block would on iOS.
        let written = reader.service.progress(ofAsset: id)?.written ?? 0
        #expect(await reader.pump { (reader.service.progress(ofAsset: id)?.written ?? 0) > written + 200_000 })
        #expect(reader.device.appState == .suspended, "progress wakes nobody")
        #expect(reader.log.progress.count == heard)

        #expect(await reader.pump { reader.log.outcome != nil })
        #expect(reader.log.outcome == "finish the-backgrounder-2013.pdf")
        let heardOnceRunning = reader.log.progress.dropFirst(heard)
        #expect(heardOnceRunning.count <= 1, "one progress event is on its way at a time: \(reader.log.all)")
        #expect(
            heardOnceRunning.allSatisfy { $0.total <= written },
            "no progress was sent to the suspended app: \(reader.log.all.suffix(3)), \(written) bytes when it was suspended")
        #expect(reader.device.console.recentMessages.contains("Woken in the background: Newsstand download of issue May finished"))
        #expect(reader.device.appState == .suspended, "suspended again once the file was handed over")
        #expect(reader.service.contentFiles(ofIssue: "May") == ["the-backgrounder-2013.pdf"])
        #expect(reader.service.assets(ofIssue: "May").isEmpty, "the service forgot the download it handed over")
        #expect(try FileManager.default.contentsOfDirectory(atPath: reader.service.directories.transfers.path).isEmpty)
    }

    @Test func aRelaunchedAppsLibraryIsHandedWhatEndedWhileTheAppWasNotRunning() async throws {
        let server = try await slowServer()
        defer { Task { await server.stop() } }
        let reader = ReaderDevice()
        let id = try #require(reader.withApp { app in try? app.download(server.url, into: "May") })
        #expect(await reader.pump { (reader.service.progress(ofAsset: id)?.written ?? 0) > 0 })
        reader.device.pressHome()
        reader.device.terminate(.system(reason: "memory pressure"))
        #expect(reader.device.appState == .notRunning)
        #expect(reader.service.assets(ofIssue: "May").map(\.id) == [id], "the system keeps the download")

        #expect(await reader.pump { reader.log.outcome != nil })
        #expect(reader.device.launchReason == .newsstand)
        let relaunch = try #require(reader.log.all.firstIndex(of: "launch newsstand"))
        #expect(reader.log.all.firstIndex(of: "finish the-backgrounder-2013.pdf").map { $0 > relaunch } == true, "\(reader.log.all)")
        #expect(!reader.log.all[..<relaunch].contains { $0.hasPrefix("finish") })
        #expect(reader.service.contentFiles(ofIssue: "May") == ["the-backgrounder-2013.pdf"])
        #expect(reader.service.assets(ofIssue: "May").isEmpty)
    }
}
